/** Reads a template folder from disk (Node only; exported as `@site/template-engine/node`). */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { FOLDER_LIMITS, loadTemplateFolder, type FolderError, type TemplateFolder } from './template-folder';

export interface FolderFiles {
  /** Text files by path inside the folder (`/` separators); assets are listed, not read. */
  files: Record<string, string>;
  assets: string[];
}

/** Every file under `dir`, skipping dot files and node_modules; stops reading past the file limit. */
export function readFolderFiles(dir: string): FolderFiles {
  const files: Record<string, string> = {};
  const assets: string[] = [];
  let seen = 0;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(at, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile() || ++seen > FOLDER_LIMITS.maxFiles + 1) continue;
      const path = relative(dir, full).split(sep).join('/');
      if (path.startsWith('assets/')) assets.push(path);
      // Too large to be a template: recorded by its size, not read.
      else
        files[path] =
          statSync(full).size > FOLDER_LIMITS.maxFileBytes
            ? ' '.repeat(FOLDER_LIMITS.maxFileBytes + 1)
            : readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return { files, assets };
}

/** Reads and checks the template folder at `dir`. */
export function readTemplateFolder(dir: string): { folder?: TemplateFolder; errors: FolderError[] } {
  const { files, assets } = readFolderFiles(dir);
  return loadTemplateFolder(files, assets);
}

/**
 * A theme folder and the folders it builds on, nearest first. template.conf may name a base
 * theme (`"base": "market"`); the base is found in `bases` (name → folder) or else as a folder of
 * that name beside the theme. Throws when a base cannot be found or names itself again.
 */
export function themeFolderChain(dir: string, bases: Readonly<Record<string, string>> = {}): string[] {
  const chain = [resolve(dir)];
  for (;;) {
    const at = chain.at(-1)!;
    let base: unknown;
    try {
      base = (JSON.parse(readFileSync(join(at, 'template.conf'), 'utf8')) as { base?: unknown }).base;
    } catch {
      // No readable template.conf: the folder check reports it.
      return chain;
    }
    if (base === undefined) return chain;
    if (typeof base !== 'string' || !/^[a-z0-9][a-z0-9-]*$/i.test(base))
      throw new Error(`${join(at, 'template.conf')}: "base" must name a theme, not ${JSON.stringify(base)}`);
    const next = resolve(bases[base] ?? join(dirname(at), base));
    if (!existsSync(join(next, 'template.conf')))
      throw new Error(
        `${join(at, 'template.conf')}: base theme "${base}" not found at ${next} (give its folder with --base ${base}=DIR)`,
      );
    if (chain.includes(next))
      throw new Error(`base themes go round in a circle: ${[...chain, next].join(' → ')}`);
    chain.push(next);
  }
}

/** The files of a chain of folders, the nearest folder's copy of each path winning. */
export function readFolderChainFiles(chain: readonly string[]): FolderFiles {
  const merged: FolderFiles = { files: {}, assets: [] };
  for (const at of [...chain].reverse()) {
    const read = readFolderFiles(at);
    Object.assign(merged.files, read.files);
    merged.assets = [...new Set([...merged.assets, ...read.assets])];
  }
  return merged;
}
