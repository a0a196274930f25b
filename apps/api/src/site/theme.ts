import { formatFolderError, type TemplateFolder } from '@site/template-engine';
import { readTemplateFolder } from '@site/template-engine/node';
import type { Database } from '../db/client';
import { templates } from '../db/schema';
import { themeFolder } from '../paths';

/** Where the theme's styles/ and assets/ are served (app.ts). */
export const THEME_ASSETS_PREFIX = '/assets/theme/';

let shipped: TemplateFolder | undefined;

/**
 * The theme the server ships (apps/api/theme), read and checked once. A theme with any error
 * (a template that does not parse, a missing block or region) stops the server at start rather
 * than showing visitors broken pages.
 */
export function shippedTheme(folder = themeFolder): TemplateFolder {
  if (folder === themeFolder && shipped) return shipped;
  const { folder: loaded, errors } = readTemplateFolder(folder);
  if (!loaded || errors.length) {
    throw new Error(`The template folder ${folder} has errors:\n${errors.map(formatFolderError).join('\n')}`);
  }
  if (folder === themeFolder) shipped = loaded;
  return loaded;
}

/**
 * Copies the theme's templates into a site: all of them for a new site, the ones it lacks for an
 * existing one (a template the owner changed is never overwritten). The one call seeding and
 * creating a site (POST /api/sites) make; run it inside the transaction that creates the website.
 */
export async function installTheme(db: Pick<Database, 'insert'>, websiteId: string, theme: TemplateFolder = shippedTheme()): Promise<void> {
  const rows = [...theme.templates].map(([name, t]) => ({ id: `${websiteId}-${name}`, websiteId, name, source: t.source }));
  await db.insert(templates).values(rows).onConflictDoNothing();
}

/** The theme's stylesheets as page links (template.conf's `stylesheets`, in order). */
export function themeStylesheets(theme: TemplateFolder = shippedTheme()): string[] {
  return theme.stylesheets.map((s) => THEME_ASSETS_PREFIX + s.file);
}

/**
 * A site's stored templates over the theme's: a template added to the theme after the site was
 * created (a new page type) renders from the theme until the site has its own copy.
 */
export function withThemeTemplates(sources: Map<string, { source: string; version: string }>, theme: TemplateFolder = shippedTheme()): void {
  for (const [name, t] of theme.templates) if (!sources.has(name)) sources.set(name, { source: t.source, version: 'theme' });
}
