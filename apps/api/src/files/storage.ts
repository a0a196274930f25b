import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live, by key (`<site>/<file>/original`). Writes are all-or-nothing: a reader
 * never sees half a file, and a failed write leaves nothing behind. An S3-compatible bucket fits
 * the same four calls (PutObject, GetObject, DeleteObject) and is the next implementation to add.
 */
export interface FileStorage {
  put(key: string, body: Buffer | Readable): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** The stored bytes and their length, or undefined when the key holds nothing. */
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Files under `root`; each write goes to a temporary name first and is renamed into place. */
export function createDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const incoming = join(base, '.incoming');
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Keys are built by the API, never taken from a request; this guards against a future slip.
    if (!path.startsWith(base + sep) || path.startsWith(incoming + sep))
      throw new Error(`invalid storage key ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(incoming, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const temp = join(incoming, randomUUID());
      try {
        await pipeline(Buffer.isBuffer(body) ? [body] : body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    get: (key) => readFile(pathOf(key)),
    async stream(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // A file's folder goes with its last key, so deleted files leave no empty folders behind.
      await rmdir(dirname(path)).catch(() => undefined);
    },
  };
}
