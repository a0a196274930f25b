import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migratedTemplate, openMigratedPglite } from './migrated-templates';

/** The local server CI machines run; DATABASE_URL overrides it. */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function serverReachable(): Promise<boolean> {
  const sql = postgres(serverUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; `close` drops it again. */
  open(): Promise<DatabaseHandle>;
}

/**
 * PGlite always; the PostgreSQL server too when reachable. Each `open` on the server creates a
 * throw-away database so test files never see each other's rows.
 */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  const targets: DatabaseTarget[] = [{ name: 'pglite', open: openMigratedPglite }];
  if (await serverReachable()) {
    targets.push({
      name: 'postgres',
      async open() {
        const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
        const dbName = `site_test_${randomBytes(6).toString('hex')}`;
        await admin.unsafe(`create database ${dbName} template ${await migratedTemplate(admin, serverUrl)}`);
        const url = new URL(serverUrl);
        url.pathname = `/${dbName}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 20 });
        return {
          ...handle,
          async close() {
            await handle.close();
            await admin.unsafe(`drop database if exists ${dbName} with (force)`);
            await admin.end({ timeout: 1 });
          },
        };
      },
    });
  } else {
    console.warn('PostgreSQL server not reachable: database tests run on PGlite only');
  }
  return targets;
}
