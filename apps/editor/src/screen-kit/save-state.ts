import { messages } from '@site/page-content';
import type { SaveState } from '@site/ui';
import { ApiError } from '../api/http';

/** The words to show for a failed call: the server's message when it sent one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a screen saved by one mutation shows beside its Save button. */
export function saveStateOf(save: { isPending: boolean; error: unknown }, dirty: boolean): SaveState {
  if (save.isPending) return { kind: 'saving' };
  if (save.error) return { kind: 'failed', message: errorMessage(save.error) };
  return dirty ? { kind: 'dirty' } : { kind: 'saved' };
}

/**
 * The words for a list that did not load. When the server refused with a reason (a 4xx: no
 * right to look, a bad filter) that reason is what helps; when the list never arrived (no
 * connection, a server fault) the spec's words for that list say so (platform.md §8).
 */
export function listLoadFailure(list: 'results' | 'collections', error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status >= 400 && status < 500) return errorMessage(error);
  return list === 'results' ? messages.unableToLoadResults : messages.unableToLoadCollections;
}
