import { messages, type PageDetail, type PageDocument } from '@site/page-content';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveState } from '@site/ui';
import { ApiError } from '../api/http';
import { keys, saveDraft } from '../api/queries';

const AUTOSAVE_DELAY_MS = 1200;

export interface DraftSaver {
  state: SaveState;
  version: number;
  /**
   * The version the server has right now, read at call time: a flush just before publishing
   * moves it on, and the value captured when the screen last rendered would be stale.
   */
  latestVersion: () => number;
  /** The document the server has; the editor's is unsaved when it differs. */
  saved: PageDocument;
  isDirty: boolean;
  /** The last refusal, kept so the inspector can show its messages beside the fields. */
  error: unknown;
  stale: boolean;
  /** Saves now (the Save button, leaving, publishing); resolves true when the server has it. */
  flush: () => Promise<boolean>;
  /** After a restore or reload the server's document becomes the base. */
  rebase: (page: PageDetail) => void;
}

/**
 * Autosaves the draft shortly after the owner stops typing. One save runs at a time; edits made
 * while it runs are saved right after. A refused save (stale version, invalid content) stops
 * autosaving until the owner acts, so a conflict is never overwritten silently.
 */
export function useDraftSaver(page: PageDetail, current: PageDocument, enabled: boolean): DraftSaver {
  const client = useQueryClient();
  const [version, setVersion] = useState(page.version);
  const [saved, setSaved] = useState<PageDocument>(page.draft);
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const [error, setError] = useState<unknown>(null);
  const inflight = useRef<Promise<boolean> | null>(null);
  const latest = useRef({ current, version, saved });
  latest.current = { current, version, saved };
  const isDirty = JSON.stringify(current) !== JSON.stringify(saved);
  const stale = error instanceof ApiError && error.status === 409;

  const run = useCallback(async (): Promise<boolean> => {
    if (inflight.current) {
      await inflight.current;
    }
    const { current: doc, version: base, saved: server } = latest.current;
    if (JSON.stringify(doc) === JSON.stringify(server)) return true;
    setState({ kind: 'saving' });
    const attempt = saveDraft(page.id, base, doc)
      .then((result) => {
        latest.current = { ...latest.current, version: result.version, saved: doc };
        setVersion(result.version);
        setSaved(doc);
        setError(null);
        setState(
          JSON.stringify(latest.current.current) === JSON.stringify(doc)
            ? { kind: 'saved' }
            : { kind: 'dirty' },
        );
        client.setQueryData<PageDetail>(keys.page(page.id), (old) =>
          old
            ? {
                ...old,
                draft: doc,
                version: result.version,
                hasUnpublishedChanges: true,
                updatedAt: result.savedAt,
              }
            : old,
        );
        return true;
      })
      .catch((cause: unknown) => {
        setError(cause);
        const message =
          cause instanceof ApiError && cause.status === 409
            ? messages.staleVersion
            : cause instanceof Error
              ? cause.message
              : messages.somethingWentWrong;
        setState({ kind: 'failed', message });
        return false;
      })
      .finally(() => {
        inflight.current = null;
      });
    inflight.current = attempt;
    return attempt;
  }, [client, page.id]);

  useEffect(() => {
    if (!enabled || !isDirty) return;
    if (error) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'dirty' }));
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, enabled, isDirty, error, run]);

  const flush = useCallback(async () => {
    setError(null);
    return run();
  }, [run]);

  const rebase = useCallback((next: PageDetail) => {
    latest.current = { current: next.draft, version: next.version, saved: next.draft };
    setVersion(next.version);
    setSaved(next.draft);
    setError(null);
    setState({ kind: 'saved' });
  }, []);

  const latestVersion = useCallback(() => latest.current.version, []);

  return { state, version, latestVersion, saved, isDirty, error, stale, flush, rebase };
}
