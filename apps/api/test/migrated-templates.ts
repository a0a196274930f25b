import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import { openDatabase } from '../src/db/client';
import { migrationsFolder } from '../src/paths';

/**
 * Every test file used to migrate a fresh database from nothing: 74 migrations, 4–6 s on PGlite
 * and 2 s on the server per file, several minutes of each CI run. The migrated state is made once
 * per set of migrations instead (named by their digest, so a new or changed migration makes a new
 * one) and each test copies it: PGlite from a data-folder dump, the server from a template
 * database, a started server's data folder from a folder copy.
 */
const key = (() => {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder).sort())
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  hash.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
})();

const pgliteFolder = join(tmpdir(), `site-test-pglite-${key}`);
const pgliteDump = `${pgliteFolder}.tar.gz`;

/** Builds the migrated PGlite folder and its dump once; another process building it too is harmless. */
async function migratedPglite(): Promise<void> {
  if (existsSync(pgliteFolder) && existsSync(pgliteDump)) return;
  const building = mkdtempSync(join(tmpdir(), 'site-test-pglite-building-'));
  const handle = await openDatabase({ dataDir: building });
  const client = (handle.connection as { client: PGlite }).client;
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  await handle.close();
  const dumpPart = `${pgliteDump}.${randomBytes(4).toString('hex')}`;
  writeFileSync(dumpPart, dump);
  try {
    renameSync(building, pgliteFolder);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  renameSync(dumpPart, pgliteDump);
}

/** An in-memory PGlite holding the migrated schema and no rows. */
export async function openMigratedPglite() {
  await migratedPglite();
  return openDatabase({ loadDataDir: new Blob([readFileSync(pgliteDump)]) });
}

/** Fills a started server's empty PGlite folder (DATA_DIR/pglite) with the migrated one. */
export async function copyMigratedPglite(dataFolder: string): Promise<void> {
  await migratedPglite();
  cpSync(pgliteFolder, join(dataFolder, 'pglite'), { recursive: true });
}

const templateName = `site_test_template_${key}`;

/**
 * The name of a migrated template database on the server, made on first use. A database made
 * from it is a file copy (`create database … template …`), with no migration to run.
 */
export async function migratedTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const [found] = await admin`select 1 from pg_database where datname = ${templateName}`;
  if (found) return templateName;
  const building = `${templateName}_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
  await handle.close();
  try {
    await admin.unsafe(`alter database ${building} rename to ${templateName}`);
  } catch {
    // Another process made it first.
    await admin.unsafe(`drop database if exists ${building} with (force)`);
  }
  // Templates of earlier migration sets, unless a run of another checkout is copying one right now.
  for (const { datname } of await admin<{ datname: string }[]>`
    select datname from pg_database where datname like 'site\\_test\\_template\\_%' and datname <> ${templateName}`)
    await admin.unsafe(`drop database if exists ${datname}`).catch(() => {});
  return templateName;
}
