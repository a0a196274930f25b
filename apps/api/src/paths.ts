import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This module runs from src (tests, tsx) or bundled into dist, at different depths; the
// package's own folders (drizzle/, public/, theme/) are found from its root instead.
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/api root (with drizzle/ migrations) not found');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const migrationsFolder = join(apiRoot, 'drizzle');
export const publicFolder = join(apiRoot, 'public');
/** The template folder of the default theme, Fieldnotes (see src/site/theme.ts). */
export const themeFolder = join(apiRoot, 'theme');
/** The other themes' template folders, one per theme id (src/site/theme.ts lists them). */
export const themesFolder = join(apiRoot, 'themes');
/** The sibling apps' builds are served from here; the API never imports them. */
export const appsFolder = dirname(apiRoot);
