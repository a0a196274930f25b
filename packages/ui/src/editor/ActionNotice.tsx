import type { ReactNode } from 'react';
import { editorMessages } from './editor-messages';

export interface ActionNoticeProps {
  /** What just happened, in the owner's words; nothing shown while undefined. */
  message?: string;
  /** The natural next steps: links or buttons. */
  children?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

/**
 * The answer to an action the owner took (Publish, Save, Mark fulfilled, Refund): what happened
 * and what to do next. The live region is always in the page, so a screen reader announces the
 * message the moment it appears.
 */
export function ActionNotice({ message, children, onDismiss, className }: ActionNoticeProps) {
  return (
    <div
      className={['ed-action-notice', message ? 'ed-action-notice--shown' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      role="status"
      aria-live="polite"
    >
      {message && (
        <>
          <span className="ed-action-notice__text">{message}</span>
          {children && <span className="ed-action-notice__next">{children}</span>}
          {onDismiss && (
            <button type="button" className="ed-link-button ed-action-notice__dismiss" onClick={onDismiss}>
              {editorMessages.dismiss}
            </button>
          )}
        </>
      )}
    </div>
  );
}
