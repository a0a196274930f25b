import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBin } from '../test/private-services';
import { startBuiltServer, type StartedServer } from '../test/server';
import { apiRoot } from './paths';

/**
 * docs/backups.md, done: a pg_dump of a running site's database, restored into a fresh database,
 * serves the same pages.
 */
const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function missing(): Promise<string | undefined> {
  if (!existsSync(join(apiRoot, 'dist', 'main.js'))) return 'dist/main.js is not built (pnpm build)';
  for (const tool of ['pg_dump', 'pg_restore'])
    if (!existsSync(join(pgBin, tool))) return `${join(pgBin, tool)} not found (set PG_BIN)`;
  const sql = postgres(serverUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return undefined;
  } catch {
    return `no PostgreSQL server at ${serverUrl}`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const skip = await missing();
if (skip) console.warn(`backup and restore test skipped: ${skip}`);

const PAGES = ['/', '/shop', '/shop/p/canvas-tote'];

describe.skipIf(skip)('backup and restore', () => {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const suffix = Math.random().toString(36).slice(2, 10);
  const [original, restored] = [`site_backup_${suffix}`, `site_restored_${suffix}`];
  const url = (db: string) => Object.assign(new URL(serverUrl), { pathname: `/${db}` }).toString();
  const folder = mkdtempSync(join(tmpdir(), 'site-backup-'));
  const servers: StartedServer[] = [];

  beforeAll(async () => {
    await admin.unsafe(`create database ${original}`);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const db of [original, restored]) await admin.unsafe(`drop database if exists ${db} with (force)`);
    await admin.end({ timeout: 1 });
    rmSync(folder, { recursive: true, force: true });
  });

  /** A page as a visitor reads it, with this server's address (in absolute links) taken out. */
  const read = async (server: StartedServer, path: string) => {
    const res = await fetch(server.url + path);
    const body = (await res.text())
      .replaceAll(server.url, 'ORIGIN')
      .replaceAll(server.url.replace('127.0.0.1', 'localhost'), 'ORIGIN')
      // Per-response values: the CSP nonce and the crumb.
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/"crumb":"[^"]*"/g, '"crumb":""');
    return { status: res.status, body };
  };

  it('serves the same pages from a database restored from a pg_dump', async () => {
    const before = await startBuiltServer({ DATABASE_URL: url(original) });
    servers.push(before);
    // A change of the owner's own, so the restored site cannot be a fresh demo seed.
    const sql = postgres(url(original), { max: 1, onnotice: () => {} });
    await sql`update products set title = 'Canvas Tote, restored' where id = 'prod-canvas-tote'`;
    await sql.end();
    const pages = await Promise.all(PAGES.map((path) => read(before, path)));
    expect(pages.map((p) => p.status)).toEqual(PAGES.map(() => 200));
    expect(pages[2]!.body).toContain('Canvas Tote, restored');

    // As docs/backups.md says: the custom format, then a restore into a new, empty database.
    const dump = join(folder, 'site.dump');
    await run(join(pgBin, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, url(original)]);
    await admin.unsafe(`create database ${restored}`);
    await run(join(pgBin, 'pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${url(restored)}`,
      dump,
    ]);

    const after = await startBuiltServer({ DATABASE_URL: url(restored) });
    servers.push(after);
    expect(after.output()).not.toContain('demo site seeded');
    for (const [i, path] of PAGES.entries()) expect(await read(after, path), path).toEqual(pages[i]);
  });
});
