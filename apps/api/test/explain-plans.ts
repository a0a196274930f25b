import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database, DatabaseHandle } from '../src/db/client';
import * as schema from '../src/db/schema';

/** One node of an `EXPLAIN (ANALYZE, FORMAT JSON)` plan, as far as the checks read it. */
export interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows of the named tables the statement's plan actually read, kept or filtered out. */
export function rowsRead(node: PlanNode, tables: ReadonlySet<string>): number {
  const own =
    node['Relation Name'] && tables.has(node['Relation Name'])
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, tables), 0);
}

interface Captured {
  query: string;
  params: unknown[];
}

const planOf = (row: Record<string, unknown> | undefined): PlanNode => {
  const value = row?.['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
};

/**
 * The database through its own client, with every statement a call sends kept, so a test can run
 * an editor call and then EXPLAIN (and EXPLAIN ANALYZE) exactly what it sent.
 */
export function capturingDatabase(handle: DatabaseHandle) {
  const captured: Captured[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  if (handle.connection.kind === 'pglite') {
    const client: PGlite = handle.connection.client;
    return {
      captured,
      db: drizzlePglite(client, { schema, logger }) as unknown as Database,
      exec: async (text: string) => void (await client.exec(text)),
      explain: async (c: Captured) =>
        (await client.query<Record<string, string>>(`explain ${c.query}`, c.params)).rows.map(
          (r) => r['QUERY PLAN']!,
        ),
      analyze: async (c: Captured) =>
        planOf(
          (await client.query<Record<string, unknown>>(`explain (analyze, format json) ${c.query}`, c.params))
            .rows[0],
        ),
      close: async () => {},
    };
  }
  const sql = postgres(handle.connection.url, { max: 1, onnotice: () => {} });
  return {
    captured,
    db: drizzlePostgres(sql, { schema, logger }) as unknown as Database,
    exec: async (text: string) => void (await sql.unsafe(text)),
    explain: async (c: Captured) =>
      (await sql.unsafe(`explain ${c.query}`, c.params as never[])).map(
        (r) => (r as Record<string, string>)['QUERY PLAN']!,
      ),
    analyze: async (c: Captured) =>
      planOf((await sql.unsafe(`explain (analyze, format json) ${c.query}`, c.params as never[]))[0]),
    close: () => sql.end({ timeout: 1 }),
  };
}
