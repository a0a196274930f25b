import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers produce this: the rest of the API never knows which one it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** One transaction of that database: a function that must join its caller's transaction takes one. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction on it. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for writes a crash may lose without harm (a shopper's cart lines): they
   * commit without waiting for the WAL flush, which is most of an add-to-cart's latency. Rows are
   * visible to every session at once; only their durability is deferred (a fraction of a second).
   * Orders, payments and everything else go through `db`.
   */
  relaxedDb: Database;
  kind: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects through: its own pool on a server, the same PGlite in-process. */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; absent means in memory (tests). */
  dataDir?: string;
  /** A PGlite data-folder dump to start from (tests start from a migrated one, test/migrated-templates.ts). */
  loadDataDir?: Blob;
  /** Pool size for the server driver. */
  maxConnections?: number;
}

/**
 * When PostgreSQL restarts or fails over, a request fails within seconds (503, src/db/unavailable.ts)
 * rather than waiting 30 s for a connection, and the pool reconnects within a quarter of a second
 * of the server's return, not after the driver's growing back-off (up to 20 s after a few failures).
 */
const whileTheServerIsAway = {
  connect_timeout: 3,
  backoff: (retries: number) => Math.min(0.05 * retries, 0.25),
};

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, {
      ...whileTheServerIsAway,
      max: options.maxConnections ?? 10,
      onnotice: () => {},
    });
    const relaxedSql = postgres(options.databaseUrl, {
      ...whileTheServerIsAway,
      max: Math.max(2, Math.ceil((options.maxConnections ?? 10) / 2)),
      onnotice: () => {},
      connection: { synchronous_commit: 'off' },
    });
    const db = drizzlePostgres(sql, { schema }) as unknown as Database;
    const relaxedDb = drizzlePostgres(relaxedSql, { schema }) as unknown as Database;
    await migratePostgres(db as never, { migrationsFolder });
    return {
      db,
      relaxedDb,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.databaseUrl },
      close: async () => {
        await Promise.all([sql.end({ timeout: 5 }), relaxedSql.end({ timeout: 5 })]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs the editor's substring searches (migration 0039), as on the server.
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  // One embedded process, one connection: there is no second pool to relax.
  return {
    db,
    relaxedDb: db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    close: () => client.close(),
  };
}
