import { EmptyState, SaveStatus, type SaveState } from '@site/ui';
import type { ReactNode } from 'react';
import { kitMessages as m } from './kit-messages';

export type ScreenStatus =
  | { kind: 'loading'; label?: string }
  | { kind: 'error'; message: string; onRetry: () => void }
  | { kind: 'ready' };

export interface SaveBarProps {
  state: SaveState;
  canSave: boolean;
  /** Called by the Save button; without it the button submits the form named `form`. */
  onSave?: () => void;
  form?: string;
}

/** Where the draft stands and the Save button (which reads Saving… while a save runs). */
export function SaveBar({ state, canSave, onSave, form }: SaveBarProps) {
  return (
    <div className="ed-row">
      <SaveStatus state={state} />
      <button
        type={onSave ? 'button' : 'submit'}
        form={onSave ? undefined : form}
        className="ed-button ed-button--primary"
        disabled={!canSave}
        onClick={onSave}
      >
        {state.kind === 'saving' ? m.saving : m.save}
      </button>
    </div>
  );
}

/** Someone else saved first; reloading shows their version in a fresh form. */
export function ConflictBanner({ onReload }: { onReload: () => void }) {
  return (
    <div className="ed-banner ed-banner--error ed-row" role="alert">
      <span>{m.conflict}</span>
      <button type="button" className="ed-button" onClick={onReload}>
        {m.reload}
      </button>
    </div>
  );
}

export interface ScreenFrameProps {
  title: string;
  status?: ScreenStatus;
  /** The save controls; absent for a member who may only look. */
  save?: SaveBarProps;
  /** Set when a save was refused as stale. */
  onReload?: () => void;
  children?: ReactNode;
}

/** A settings screen: its title, the save controls, and its loading, error and conflict states. */
export function ScreenFrame({
  title,
  status = { kind: 'ready' },
  save,
  onReload,
  children,
}: ScreenFrameProps) {
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>{title}</h1>
        {status.kind === 'ready' && save && <SaveBar {...save} />}
      </header>
      {status.kind === 'loading' ? (
        <p className="ed-loading" role="status">
          {status.label ?? m.loading}
        </p>
      ) : status.kind === 'error' ? (
        <EmptyState title={status.message}>
          <button type="button" className="ed-button" onClick={status.onRetry}>
            {m.tryAgain}
          </button>
        </EmptyState>
      ) : (
        <>
          {onReload && <ConflictBanner onReload={onReload} />}
          {children}
        </>
      )}
    </div>
  );
}
