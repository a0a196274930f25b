import {
  messages,
  popupOverlayContentSchema,
  type EditorPopupOverlay,
  type PopupOverlayContent,
  type updatePopupOverlaySchema,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { mailingLists, websites } from '../../db/schema';
import { ApiError } from '../../http';

/**
 * The pop-up lives in the website's settings (`popupOverlay`, which the page renderer and the
 * pop-up sign-up read) with `popupOverlayVersion` beside it, bumped by every save like
 * `siteStylesVersion`. The pop-up's own `version` moves only when what a visitor reads changes,
 * so a visitor who dismissed it sees it again after a new text but not after a new delay.
 */
export function readPopupOverlay(settings: Record<string, unknown>): EditorPopupOverlay {
  const stored = (settings.popupOverlay ?? null) as Record<string, unknown> | null;
  const version = typeof settings.popupOverlayVersion === 'number' ? settings.popupOverlayVersion : 0;
  if (!stored || typeof stored !== 'object')
    return { enabled: false, content: null, shownVersion: 0, version };
  const { enabled, version: shownVersion, ...rest } = stored;
  // Stored under an older rule, the content is offered as empty instead of failing the screen.
  const parsed = popupOverlayContentSchema.safeParse(rest);
  return {
    enabled: enabled === true && parsed.success,
    content: parsed.success ? parsed.data : null,
    shownVersion: typeof shownVersion === 'number' ? shownVersion : 0,
    version,
  };
}

export async function loadPopupOverlay(db: Database, websiteId: string): Promise<EditorPopupOverlay> {
  const [row] = await db
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!row) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
  return readPopupOverlay(row.settings);
}

/** What a visitor reads; timing (delay, days hidden) is left out so changing it does not re-show. */
function visible(content: PopupOverlayContent | null) {
  if (!content) return null;
  const { delaySeconds: _delay, hideForDays: _hide, ...shown } = content;
  return JSON.stringify(shown);
}

/**
 * Saves over `version` only (409 otherwise), in one transaction that locks the website row, so
 * the version read and the settings written are the same save's. Turned off with no content, the
 * setting is removed; turned off with content, it is kept with `enabled: false` for next time.
 */
export async function savePopupOverlay(
  db: Database,
  websiteId: string,
  input: z.output<typeof updatePopupOverlaySchema>,
): Promise<EditorPopupOverlay> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: websites.settings })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    if (!row) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
    const current = readPopupOverlay(row.settings);
    if (current.version !== input.version)
      throw new ApiError(409, 'STALE_VERSION', messages.popupOverlay.stale);
    const listId = input.content?.newsletter?.listId;
    if (listId) {
      const [list] = await tx
        .select({ id: mailingLists.id })
        .from(mailingLists)
        .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, websiteId)));
      if (!list)
        throw new ApiError(400, 'INVALID', messages.popupOverlay.unknownList, [
          { path: ['content', 'newsletter', 'listId'], message: messages.popupOverlay.unknownList },
        ]);
    }
    const shownVersion =
      visible(input.content) === visible(current.content) ? current.shownVersion : current.shownVersion + 1;
    const popupOverlay = input.content
      ? { ...input.content, enabled: input.enabled, version: shownVersion }
      : null;
    const next = input.version + 1;
    const [saved] = await tx
      .update(websites)
      .set({
        settings: popupOverlay
          ? sql`${websites.settings} || jsonb_build_object('popupOverlay', ${JSON.stringify(popupOverlay)}::jsonb, 'popupOverlayVersion', ${next}::int)`
          : sql`(${websites.settings} - 'popupOverlay') || jsonb_build_object('popupOverlayVersion', ${next}::int)`,
      })
      .where(eq(websites.id, websiteId))
      .returning({ settings: websites.settings });
    return readPopupOverlay(saved!.settings);
  });
}
