import { messages, siteStylesSchema, type SiteStyles, type VersionedSiteStyles } from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { websites } from '../../db/schema';
import { ApiError } from '../../http';

/**
 * Site styles live in the website's settings (`siteStyles`, with `siteStylesVersion`), which the
 * page renderer already reads; an update of the websites row bumps the site's content version,
 * so cached pages show the new styles at once.
 */
export function readSiteStyles(settings: Record<string, unknown>): VersionedSiteStyles {
  const parsed = siteStylesSchema.safeParse(settings.siteStyles ?? {});
  const version = typeof settings.siteStylesVersion === 'number' ? settings.siteStylesVersion : 0;
  // Stored under an older rule, styles fall back to the theme's defaults instead of failing.
  return { styles: parsed.success ? parsed.data : {}, version };
}

export async function loadSiteStyles(db: Database, websiteId: string): Promise<VersionedSiteStyles> {
  const [row] = await db
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!row) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
  return readSiteStyles(row.settings);
}

/** Saves over `version` only: of two saves that read the same version, one wins and the other gets 409. */
export async function saveSiteStyles(
  db: Database,
  websiteId: string,
  styles: SiteStyles,
  version: number,
): Promise<VersionedSiteStyles> {
  const next = version + 1;
  const [row] = await db
    .update(websites)
    .set({
      settings: sql`${websites.settings} || jsonb_build_object('siteStyles', ${JSON.stringify(styles)}::jsonb, 'siteStylesVersion', ${next}::int)`,
    })
    .where(
      and(
        eq(websites.id, websiteId),
        sql`coalesce((${websites.settings}->>'siteStylesVersion')::int, 0) = ${version}`,
      ),
    )
    .returning({ settings: websites.settings });
  if (!row) throw new ApiError(409, 'STALE_VERSION', messages.siteStylesStale);
  return readSiteStyles(row.settings);
}
