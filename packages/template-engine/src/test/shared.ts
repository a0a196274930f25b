import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared folder (conformance cases, name lists, bench workloads): $SHARED_DIR, else
 * ../../../shared from the package directory; undefined when neither exists (a clone of the
 * project on its own).
 */
export function sharedDir(what: string): string | undefined {
  const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = process.env.SHARED_DIR
    ? resolve(process.env.SHARED_DIR)
    : resolve(pkg, '..', '..', '..', 'shared');
  if (existsSync(dir)) return dir;
  // One line, so a run on a lone clone says why these tests did not run.
  console.warn(`${what}: skipped, they need the shared folder (${dir} not found; set SHARED_DIR)`);
  return undefined;
}
