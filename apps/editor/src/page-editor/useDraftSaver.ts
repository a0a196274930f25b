import { messages, type PageDetail, type PageDocument } from '@site/page-content';
import { useQueryClient } from '@tanstack/react-query';
import type { SaveState } from '@site/ui';
import { ApiError } from '../api/http';
import { pageKeys, saveDraft } from '../api/pages';
import { useAutosave } from '../screen-kit/useAutosave';

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

const refusalMessage = (cause: unknown) =>
  cause instanceof ApiError && cause.status === 409
    ? messages.staleVersion
    : cause instanceof Error
      ? cause.message
      : messages.somethingWentWrong;

/**
 * The page draft over the editor's one autosave: any refusal (stale version, invalid content)
 * stops autosaving until the owner acts, and each save updates the cached page.
 */
export function useDraftSaver(page: PageDetail, current: PageDocument, enabled: boolean): DraftSaver {
  const client = useQueryClient();
  const autosave = useAutosave(current, page.version, (doc, version) => saveDraft(page.id, version, doc), {
    enabled,
    saved: page.draft,
    holdAfterRefusal: true,
    failureMessage: refusalMessage,
    onSaved: (result, doc) =>
      client.setQueryData<PageDetail>(pageKeys.page(page.id), (old) =>
        old
          ? {
              ...old,
              draft: doc,
              version: result.version,
              hasUnpublishedChanges: true,
              updatedAt: result.savedAt,
            }
          : old,
      ),
  });
  const { rebase } = autosave;
  return { ...autosave, rebase: (next: PageDetail) => rebase(next.draft, next.version) };
}
