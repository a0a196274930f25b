import type { SaveState } from '@site/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isConflict } from './conflict';
import { errorMessage } from './save-state';
import { sameValue } from './same-value';

const AUTOSAVE_DELAY_MS = 1200;

export interface AutosaveOptions<T, R> {
  /** Autosaving only while true (a member who may only look saves nothing). */
  enabled?: boolean;
  /** What the server has when the screen opens, when it is not the draft itself. */
  saved?: T;
  /**
   * Any refusal stops autosaving until the owner saves by hand (the page editor); otherwise a
   * refused draft is sent again once the owner changes it, and only a conflict waits.
   */
  holdAfterRefusal?: boolean;
  /** Saves what is still waiting when the screen goes, and asks before the tab closes with unsaved edits. */
  guardLeaving?: boolean;
  /** The words for a refusal beside Save. */
  failureMessage?: (cause: unknown) => string;
  /** After each save, with the server's answer and the draft it acknowledged. */
  onSaved?: (result: R, draft: T) => void;
}

export interface Autosave<T> {
  state: SaveState;
  /** The draft differs from what the server acknowledged. */
  isDirty: boolean;
  /** The version the server has, as of the last render. */
  version: number;
  /**
   * The version the server has right now, read at call time: a flush just before publishing moves
   * it on, and the value captured when the screen last rendered would be stale.
   */
  latestVersion: () => number;
  /** What the server acknowledged last. */
  saved: T;
  /** The last refusal, for showing the server's messages beside the fields. */
  error: unknown;
  /** Someone else saved first (409). */
  stale: boolean;
  /** Saves now; resolves true when the server has the draft. */
  flush: () => Promise<boolean>;
  /** After a restore, reload or publish, the server's value and version become the base. */
  rebase: (value: T, version: number) => void;
}

/**
 * Saves a draft shortly after the owner stops typing: one save at a time, sending the version it
 * was based on; edits made while it runs are saved right after. A conflict is never overwritten
 * silently: autosave stops until the owner acts.
 */
export function useAutosave<T, R extends { version: number }>(
  draft: T,
  initialVersion: number,
  save: (draft: T, version: number) => Promise<R>,
  options: AutosaveOptions<T, R> = {},
): Autosave<T> {
  const { enabled = true, holdAfterRefusal = false, guardLeaving = false } = options;
  const [version, setVersion] = useState(initialVersion);
  const [saved, setSaved] = useState<T>(() => ('saved' in options ? (options.saved as T) : draft));
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const [error, setError] = useState<unknown>(null);
  const inflight = useRef<Promise<boolean> | null>(null);
  const latest = useRef({ draft, version: initialVersion, saved, save, options });
  latest.current = { ...latest.current, draft, save, options };
  const isDirty = !sameValue(draft, saved);
  const stale = isConflict(error);

  const run = useCallback(async (): Promise<boolean> => {
    if (inflight.current) await inflight.current;
    const { draft: value, version: base, saved: server, save: send } = latest.current;
    if (sameValue(value, server)) return true;
    setState({ kind: 'saving' });
    const attempt = send(value, base)
      .then((result) => {
        latest.current = { ...latest.current, version: result.version, saved: value };
        setVersion(result.version);
        setSaved(value);
        setError(null);
        setState(sameValue(latest.current.draft, value) ? { kind: 'saved' } : { kind: 'dirty' });
        latest.current.options.onSaved?.(result, value);
        return true;
      })
      .catch((cause: unknown) => {
        setError(cause);
        const words = latest.current.options.failureMessage ?? errorMessage;
        setState({ kind: 'failed', message: words(cause) });
        return false;
      })
      .finally(() => {
        inflight.current = null;
      });
    inflight.current = attempt;
    return attempt;
  }, []);

  const paused = holdAfterRefusal ? Boolean(error) : stale;
  useEffect(() => {
    if (!enabled || !isDirty || paused) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'dirty' }));
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, enabled, isDirty, paused, run]);

  const flush = useCallback(async () => {
    // Saving by hand is the owner acting on a held refusal: autosave resumes with it.
    if (latest.current.options.holdAfterRefusal) setError(null);
    return run();
  }, [run]);

  const rebase = useCallback((value: T, next: number) => {
    latest.current = { ...latest.current, draft: value, version: next, saved: value };
    setVersion(next);
    setSaved(value);
    setError(null);
    setState({ kind: 'saved' });
  }, []);

  const latestVersion = useCallback(() => latest.current.version, []);

  useEffect(() => {
    if (!guardLeaving) return;
    return () => void flush();
  }, [guardLeaving, flush]);
  useEffect(() => {
    if (!guardLeaving || !isDirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [guardLeaving, isDirty]);

  return { state, isDirty, version, latestVersion, saved, error, stale, flush, rebase };
}
