/** Reads a template folder from disk (Node only; exported as `@site/template-engine/node`). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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
