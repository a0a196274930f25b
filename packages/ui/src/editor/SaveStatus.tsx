import { editorMessages } from './editor-messages';

export type SaveState =
  { kind: 'saved' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'failed'; message: string };

export interface SaveStatusProps {
  state: SaveState;
  onRetry?: () => void;
}

/** Where the document stands against the server, announced politely to screen readers. */
export function SaveStatus({ state, onRetry }: SaveStatusProps) {
  return (
    <div className={`ed-save-status ed-save-status--${state.kind}`} role="status" aria-live="polite">
      {state.kind === 'saved' && editorMessages.saved}
      {state.kind === 'dirty' && editorMessages.unsaved}
      {state.kind === 'saving' && editorMessages.saving}
      {state.kind === 'failed' && (
        <>
          <span title={state.message}>
            {editorMessages.saveFailed}: {state.message}
          </span>
          {onRetry && (
            <button type="button" className="ed-link-button" onClick={onRetry}>
              {editorMessages.retry}
            </button>
          )}
        </>
      )}
    </div>
  );
}
