import { DEFAULT_THEME, SITE_THEMES, type SiteThemeId } from '@site/page-content';
import { formatFolderError, loadTemplateFolder, type TemplateFolder } from '@site/template-engine';
import { readFolderFiles, type FolderFiles } from '@site/template-engine/node';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { templates } from '../db/schema';
import { themeFolder, themesFolder } from '../paths';

/** Where the default theme's styles/ and assets/ are served (app.ts); pages cached before themes link it. */
export const THEME_ASSETS_PREFIX = '/assets/theme/';

/** A theme's public folders (styles/, assets/, previews/) are served under /assets/themes/<id>/. */
export const themeAssetsPrefix = (id: SiteThemeId) => `/assets/themes/${id}/`;

/** The template folder of each theme: the default one where it always was, the others by id. */
export function themeFolderOf(id: SiteThemeId): string {
  return id === DEFAULT_THEME ? themeFolder : join(themesFolder, id);
}

/** A stored theme id as a known one: a site whose theme is no longer shipped falls back to the default. */
export function knownTheme(id: string | null | undefined): SiteThemeId {
  return SITE_THEMES.some((t) => t.id === id) ? (id as SiteThemeId) : DEFAULT_THEME;
}

/**
 * The theme a theme builds on: template.conf may name one (`"base": "fieldnotes"`), and the theme
 * then carries only the files it changes; every other template, style and asset is the base's.
 */
function baseOf(conf: string | undefined, folder: string): SiteThemeId | null {
  let base: unknown;
  try {
    base = (JSON.parse(conf ?? '{}') as { base?: unknown }).base;
  } catch {
    return null; // loadTemplateFolder reports the broken template.conf with its position.
  }
  if (base === undefined) return null;
  if (typeof base !== 'string' || !SITE_THEMES.some((t) => t.id === base))
    throw new Error(`The template folder ${folder} names an unknown base theme: ${JSON.stringify(base)}`);
  return base as SiteThemeId;
}

/** The folders a theme's files come from: its own first, then its base's, and so on. */
function folderChain(folder: string): string[] {
  const chain = [folder];
  for (;;) {
    const at = chain[chain.length - 1]!;
    const conf = join(at, 'template.conf');
    const base = existsSync(conf) ? baseOf(readFileSync(conf, 'utf8'), at) : null;
    if (!base) return chain;
    const next = themeFolderOf(base);
    if (chain.includes(next))
      throw new Error(`The template folder ${folder} builds on itself through ${next}`);
    chain.push(next);
  }
}

/** The folders serving a theme's public `styles/` or `assets/`, own files first (app.ts). */
export const themePublicRoots = (id: SiteThemeId, part: 'styles' | 'assets'): string[] =>
  folderChain(themeFolderOf(id))
    .map((f) => join(f, part))
    .filter((f) => existsSync(f));

/** A theme's files over its base's; preview images are each theme's own. */
function themeFiles(folder: string): FolderFiles {
  const merged: FolderFiles = { files: {}, assets: [] };
  for (const at of folderChain(folder).reverse()) {
    const read = readFolderFiles(at);
    for (const path of Object.keys(merged.files)) if (path.startsWith('previews/')) delete merged.files[path];
    Object.assign(merged.files, read.files);
    merged.assets = [...new Set([...merged.assets, ...read.assets])];
  }
  return merged;
}

const loaded = new Map<string, TemplateFolder>();

/**
 * A theme's template folder (with what it inherits from its base), read and checked once. A theme
 * with any error (a template that does not parse, a missing block or region) stops the server at
 * start rather than showing visitors broken pages.
 */
export function shippedTheme(folder = themeFolder): TemplateFolder {
  const hit = loaded.get(folder);
  if (hit) return hit;
  const { files, assets } = themeFiles(folder);
  const { folder: read, errors } = loadTemplateFolder(files, assets);
  if (!read || errors.length) {
    throw new Error(`The template folder ${folder} has errors:\n${errors.map(formatFolderError).join('\n')}`);
  }
  loaded.set(folder, read);
  return read;
}

/** The template folder of a theme by id. */
export const themeById = (id: SiteThemeId): TemplateFolder => shippedTheme(themeFolderOf(id));

/** Every shipped theme read and checked: run at start, so a broken theme stops the server there. */
export function checkThemes(): void {
  for (const t of SITE_THEMES) themeById(t.id);
}

/**
 * Copies the theme's templates into a site: all of them for a new site, the ones it lacks for an
 * existing one (a template the owner changed is never overwritten). The one call seeding and
 * creating a site (POST /api/sites) make; run it inside the transaction that creates the website.
 */
export async function installTheme(
  db: Pick<Database, 'insert'>,
  websiteId: string,
  theme: TemplateFolder = shippedTheme(),
): Promise<void> {
  const rows = [...theme.templates].map(([name, t]) => ({
    id: `${websiteId}-${name}`,
    websiteId,
    name,
    source: t.source,
    themeMd5: md5(t.source),
  }));
  await db.insert(templates).values(rows).onConflictDoNothing();
}

/** PostgreSQL's md5(text) of the same UTF-8 text. */
export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Brings the untouched templates of every site wearing a theme up to the version this server
 * ships, so a fixed or improved theme reaches existing sites, not only new ones. A copy is
 * untouched while its source still hashes to the theme source it was copied from; a template its
 * owner edited keeps the owner's source. Copies made before the hash was recorded are adopted when
 * they equal the shipped source. Run at start for each theme; once the sites are up to date it
 * only compares stored hashes. The templates trigger drops the cached pages of every site it changes.
 */
export async function upgradeTheme(
  db: Pick<Database, 'execute'>,
  theme: TemplateFolder = shippedTheme(),
  themeId: SiteThemeId = DEFAULT_THEME,
): Promise<void> {
  // Hashed here once, not by the database once per stored copy of every site.
  const rows = JSON.stringify(
    [...theme.templates].map(([name, t]) => ({ name, source: t.source, md5: md5(t.source) })),
  );
  const shipped = sql`jsonb_to_recordset(${rows}::jsonb) as v(name text, source text, md5 text)`;
  const wearing = sql`t.website_id in (select id from websites where theme = ${themeId})`;
  await db.execute(sql`
    update templates t set theme_md5 = v.md5
    from ${shipped}
    where t.name = v.name and t.theme_md5 is null and t.source = v.source and ${wearing}`);
  await db.execute(sql`
    update templates t set source = v.source, theme_md5 = v.md5, updated_at = now()
    from ${shipped}
    where t.name = v.name and t.theme_md5 <> v.md5 and md5(t.source) = t.theme_md5 and ${wearing}`);
}

/** Every theme's upgrade (see upgradeTheme), at start. */
export async function upgradeThemes(db: Pick<Database, 'execute'>): Promise<void> {
  for (const t of SITE_THEMES) await upgradeTheme(db, themeById(t.id), t.id);
}

/**
 * A theme's stylesheets (template.conf's `stylesheets`, in order), each with the address it is
 * served from on its own; pages link them merged (site-stylesheet.ts).
 */
export function themeStylesheets(id: SiteThemeId = DEFAULT_THEME): { url: string; css: string }[] {
  const prefix = id === DEFAULT_THEME ? THEME_ASSETS_PREFIX : themeAssetsPrefix(id);
  return themeById(id).stylesheets.map((s) => ({ url: prefix + s.file, css: s.source }));
}

/**
 * A site's stored templates over its theme's: a template added to the theme after the site was
 * created (a new page type) renders from the theme until the site has its own copy.
 */
export function withThemeTemplates(
  sources: Map<string, { source: string; version: string }>,
  id: SiteThemeId = DEFAULT_THEME,
): void {
  for (const [name, t] of themeById(id).templates)
    if (!sources.has(name)) sources.set(name, { source: t.source, version: `theme:${id}` });
}

/** Only the theme's templates, for an editor previewing the site in a theme it does not wear. */
export function themeSources(id: SiteThemeId): Map<string, { source: string; version: string }> {
  return new Map(
    [...themeById(id).templates].map(([name, t]) => [name, { source: t.source, version: `theme:${id}` }]),
  );
}
