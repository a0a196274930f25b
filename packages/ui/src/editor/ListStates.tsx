import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { editorMessages } from './editor-messages';

export interface LoadStatesProps {
  isLoading?: boolean;
  /** The loading line, in the owner's words (“Loading the team…”). */
  loadingText: string;
  /** What could not be read; Try again asks once more. */
  loadError?: string;
  onRetry?: () => void;
}

/** The loading line and the failed-with-Try-again banner of anything the editor reads. */
export function LoadStates({ isLoading, loadingText, loadError, onRetry }: LoadStatesProps) {
  return (
    <>
      {isLoading && (
        <p className="ed-loading" role="status">
          {loadingText}
        </p>
      )}
      {loadError && (
        <p className="ed-banner ed-banner--error" role="alert">
          {loadError}{' '}
          {onRetry && (
            <button type="button" className="ed-button ed-button--ghost" onClick={onRetry}>
              {editorMessages.tryAgain}
            </button>
          )}
        </p>
      )}
    </>
  );
}

export interface ListStatesProps<T> extends LoadStatesProps {
  /** Every page loaded so far; undefined while the first page loads. */
  items?: readonly T[];
  /** The list itself, drawn once items are in (and, with `empty`, only when there are some). */
  children: (items: readonly T[]) => ReactNode;
  /** Shown in place of the list when it loaded with nothing in it. */
  empty?: { title: string; body: ReactNode };
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** The next-page button's label (“Show older activity”). */
  moreLabel?: string;
  /** Its label while the next page loads. */
  loadingMoreLabel?: string;
}

/** What a screen with a paged list takes from its data layer and hands to ListStates as it is. */
export type ListPaging = Pick<
  ListStatesProps<unknown>,
  'isLoading' | 'loadError' | 'onRetry' | 'hasMore' | 'isLoadingMore' | 'onLoadMore'
>;

/**
 * A paged list's states around the list: loading, failed with Try again, empty, and the button
 * that loads older entries while there are more.
 */
export function ListStates<T>({
  items,
  children,
  empty,
  hasMore,
  isLoadingMore,
  onLoadMore,
  moreLabel,
  loadingMoreLabel,
  ...load
}: ListStatesProps<T>) {
  return (
    <>
      <LoadStates {...load} />
      {items && empty && items.length === 0 && (
        <EmptyState title={empty.title}>
          <p>{empty.body}</p>
        </EmptyState>
      )}
      {items && (!empty || items.length > 0) && children(items)}
      {hasMore && onLoadMore && (
        <button type="button" className="ed-button" disabled={isLoadingMore} onClick={onLoadMore}>
          {isLoadingMore ? loadingMoreLabel : moreLabel}
        </button>
      )}
    </>
  );
}
