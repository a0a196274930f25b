import { editorMessages } from './editor-messages';

export interface ShowMoreProps {
  /** What the list holds, plural (“comments”): the button reads “Show more comments”. */
  noun?: string;
  /** Whether a next page waits; without one nothing is drawn. */
  hasMore?: boolean;
  /** The next page is on its way. */
  isLoading?: boolean;
  /** Why the last Show more failed. */
  error?: string;
  /** The screen holds asking for more back for now; unlike isLoading, nothing is on its way. */
  disabled?: boolean;
  onMore: () => void;
  className?: string;
}

/** The button under a paged list that asks for its next page. */
export function ShowMore({ noun, hasMore, isLoading, error, disabled, onMore, className }: ShowMoreProps) {
  if (!hasMore) return null;
  return (
    <div className={className ? `ed-show-more ${className}` : 'ed-show-more'}>
      <button
        type="button"
        className="ed-button"
        disabled={disabled || isLoading}
        aria-busy={isLoading || undefined}
        onClick={onMore}
      >
        {isLoading ? editorMessages.loadingMore : editorMessages.showMore(noun)}
      </button>
      {/* The button stays beside the failure: asking again is how the owner retries. */}
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
