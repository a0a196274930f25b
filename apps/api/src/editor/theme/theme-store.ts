import { themeMessages, themeSummaries, type SiteThemeId, type ThemeState } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { templates, websites } from '../../db/schema';
import { ApiError } from '../../http';
import { installTheme, knownTheme, themeById } from '../../site/theme';

async function state(db: Database | Tx, websiteId: string): Promise<ThemeState> {
  const [row] = await db
    .select({ theme: websites.theme, previousTheme: websites.previousTheme })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!row) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
  const previous: SiteThemeId | null = row.previousTheme ? knownTheme(row.previousTheme.theme) : null;
  return { theme: knownTheme(row.theme), previousTheme: previous, themes: themeSummaries() };
}

/** The site's theme, the one "Undo" would go back to, and every theme on offer. */
export const loadThemeState = (db: Database, websiteId: string) => state(db, websiteId);

/**
 * Puts the site in another theme: its templates become the theme's, and the ones it had (the
 * owner's edits included) are kept for "Undo". Pages, products, posts and settings live in their
 * own tables and are not touched. The website row is locked so two changes cannot interleave.
 */
export async function changeTheme(db: Database, websiteId: string, theme: SiteThemeId): Promise<ThemeState> {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ theme: websites.theme })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    if (!site) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
    if (knownTheme(site.theme) === theme) return state(tx, websiteId);
    const kept = await tx
      .select({ name: templates.name, source: templates.source, themeMd5: templates.themeMd5 })
      .from(templates)
      .where(eq(templates.websiteId, websiteId));
    await tx.delete(templates).where(eq(templates.websiteId, websiteId));
    await installTheme(tx, websiteId, themeById(theme));
    await tx
      .update(websites)
      .set({ theme, previousTheme: { theme: site.theme, templates: kept } })
      .where(eq(websites.id, websiteId));
    return state(tx, websiteId);
  });
}

/** Goes back to the theme before the last change, with the templates the site had then. */
export async function undoThemeChange(db: Database, websiteId: string): Promise<ThemeState> {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ previousTheme: websites.previousTheme })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    if (!site) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
    const previous = site.previousTheme;
    if (!previous) throw new ApiError(409, 'NOTHING_TO_UNDO', themeMessages.nothingToUndo);
    await tx.delete(templates).where(eq(templates.websiteId, websiteId));
    if (previous.templates.length)
      await tx.insert(templates).values(
        previous.templates.map((t) => ({
          id: `${websiteId}-${t.name}`,
          websiteId,
          name: t.name,
          source: t.source,
          themeMd5: t.themeMd5,
        })),
      );
    // A template the old theme gained since is filled in from it, as for any site.
    const theme = knownTheme(previous.theme);
    await installTheme(tx, websiteId, themeById(theme));
    await tx.update(websites).set({ theme, previousTheme: null }).where(eq(websites.id, websiteId));
    return state(tx, websiteId);
  });
}
