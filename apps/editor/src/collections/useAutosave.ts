import type { SaveState } from '@site/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http';
import { errorMessage } from '../api/queries';

const AUTOSAVE_DELAY_MS = 1200;

export interface Autosave {
  state: SaveState;
  isDirty: boolean;
  /** The last refusal, for showing the server's messages beside the fields. */
  error: unknown;
  /** Someone else saved first (409): autosave stops until the owner reloads. */
  stale: boolean;
  /** Saves now; resolves true when the server has the draft. */
  flush: () => Promise<boolean>;
}

/**
 * Saves a draft shortly after the owner stops typing, as the page editor does: one save at a
 * time with the version it was based on; a refused save stops autosaving until the owner acts,
 * so a conflict is never overwritten silently.
 */
export function useAutosave<T>(
  draft: T,
  initialVersion: number,
  save: (draft: T, version: number) => Promise<{ version: number }>,
): Autosave {
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(draft));
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const [error, setError] = useState<unknown>(null);
  const latest = useRef({ draft, version: initialVersion, savedJson, save });
  latest.current = { ...latest.current, draft, savedJson, save };
  const inflight = useRef<Promise<boolean> | null>(null);
  const json = JSON.stringify(draft);
  const isDirty = json !== savedJson;
  const stale = error instanceof ApiError && error.status === 409;

  const flush = useCallback(async (): Promise<boolean> => {
    if (inflight.current) await inflight.current;
    const { draft: value, version, savedJson: server, save: send } = latest.current;
    const sending = JSON.stringify(value);
    if (sending === server) return true;
    setState({ kind: 'saving' });
    const attempt = send(value, version)
      .then((result) => {
        latest.current = { ...latest.current, version: result.version, savedJson: sending };
        setSavedJson(sending);
        setError(null);
        setState(JSON.stringify(latest.current.draft) === sending ? { kind: 'saved' } : { kind: 'dirty' });
        return true;
      })
      .catch((cause: unknown) => {
        setError(cause);
        setState({ kind: 'failed', message: errorMessage(cause) });
        return false;
      })
      .finally(() => {
        inflight.current = null;
      });
    inflight.current = attempt;
    return attempt;
  }, []);

  useEffect(() => {
    // A refused draft is retried once the owner changes it; a conflict waits for a reload.
    if (!isDirty || stale) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'dirty' }));
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [json, isDirty, stale, flush]);

  // Leaving the screen saves what is still waiting; closing the tab with unsaved edits asks first.
  useEffect(() => () => void flush(), [flush]);
  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty]);

  return { state, isDirty, error, stale, flush };
}
