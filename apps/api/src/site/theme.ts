import { formatFolderError, type TemplateFolder } from '@site/template-engine';
import { readTemplateFolder } from '@site/template-engine/node';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  const rows = [...theme.templates].map(([name, t]) => ({ id: `${websiteId}-${name}`, websiteId, name, source: t.source, themeMd5: md5(t.source) }));
  await db.insert(templates).values(rows).onConflictDoNothing();
}

/** PostgreSQL's md5(text) of the same UTF-8 text. */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Brings every site's untouched theme templates up to the theme this server ships, so a fixed or
 * improved theme reaches existing sites, not only new ones. A copy is untouched while its source
 * still hashes to the theme source it was copied from; a template its owner edited keeps the
 * owner's source. Copies made before the hash was recorded are adopted when they equal the
 * shipped source. Run at start; once the sites are up to date it only compares stored hashes. The
 * templates trigger drops the cached pages of every site it changes.
 */
export async function upgradeTheme(db: Pick<Database, 'execute'>, theme: TemplateFolder = shippedTheme()): Promise<void> {
  // Hashed here once, not by the database once per stored copy of every site.
  const rows = JSON.stringify([...theme.templates].map(([name, t]) => ({ name, source: t.source, md5: md5(t.source) })));
  const shipped = sql`jsonb_to_recordset(${rows}::jsonb) as v(name text, source text, md5 text)`;
  await db.execute(sql`
    update templates t set theme_md5 = v.md5
    from ${shipped}
    where t.name = v.name and t.theme_md5 is null and t.source = v.source`);
  await db.execute(sql`
    update templates t set source = v.source, theme_md5 = v.md5, updated_at = now()
    from ${shipped}
    where t.name = v.name and t.theme_md5 <> v.md5 and md5(t.source) = t.theme_md5`);
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
