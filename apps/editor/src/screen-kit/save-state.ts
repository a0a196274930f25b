import type { SaveState } from '@site/ui';

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
