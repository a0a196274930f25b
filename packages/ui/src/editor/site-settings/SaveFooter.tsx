import type { ReactNode } from 'react';
import { ActionNotice } from '../ActionNotice';
import { editorMessages } from '../editor-messages';

export interface SaveFooterProps {
  /** The server refused the save, in its words. */
  error?: string;
  isSaving?: boolean;
  /** Nothing to save (unchanged, or set elsewhere): the button waits. It also waits while saving. */
  disabled?: boolean;
  /** What the last save did. */
  done?: string;
  /** Other actions beside Save (Disconnect…). */
  children?: ReactNode;
}

/** The end of a settings form: the refusal line, Save (Saving… while it goes) and what it did. */
export function SaveFooter({ error, isSaving, disabled, done, children }: SaveFooterProps) {
  return (
    <>
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="ed-field__row">
        <button type="submit" className="ed-button ed-button--primary" disabled={isSaving || disabled}>
          {isSaving ? editorMessages.saving : editorMessages.save}
        </button>
        {children}
      </div>
      <ActionNotice message={done} />
    </>
  );
}
