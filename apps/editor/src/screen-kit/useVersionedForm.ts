import type { SaveState } from '@site/ui';
import { useState } from 'react';
import { issuesByPath } from '../api/http';
import { isConflict } from './conflict';
import { saveStateOf } from './save-state';
import { sameValue } from './same-value';

/** What the form needs of its save mutation. */
export interface SaveCall {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

export interface VersionedForm<T> {
  value: T;
  /** Applies a change; a refusal (other than a conflict) is about what was sent, so it is cleared. */
  update: (change: Partial<T> | ((value: T) => T)) => void;
  /** The value differs from the one the server sent. */
  dirty: boolean;
  /** Someone else saved first: only a reload (a fresh form on their version) can save again. */
  conflict: boolean;
  /** The server's field messages of the last refusal, by path below `prefix`. */
  errors: (prefix?: (string | number)[]) => Record<string, string>;
  /** What to show beside Save. */
  state: SaveState;
  /** Save is offered: there are changes and no save is running. */
  canSave: boolean;
}

/**
 * The draft of a settings screen over one versioned server value. The screen mounts the form once
 * per server version (ScreenLoader keys it), so `initial` is the version being edited and a save
 * that returns a new version starts a fresh, clean form.
 */
export function useVersionedForm<T>(initial: T, save: SaveCall): VersionedForm<T> {
  const [value, setValue] = useState(initial);
  const dirty = !sameValue(value, initial);
  const conflict = isConflict(save.error);
  return {
    value,
    update: (change) => {
      setValue((current) =>
        typeof change === 'function' ? change(current) : { ...current, ...(change as Partial<T>) },
      );
      if (save.error && !conflict) save.reset();
    },
    dirty,
    conflict,
    errors: (prefix = []) => issuesByPath(save.error, prefix),
    state: saveStateOf(save, dirty),
    canSave: dirty && !save.isPending,
  };
}
