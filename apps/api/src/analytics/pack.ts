import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AnalyticsPeriod } from '../db/schema';
import type { RollupTarget } from './rollup';

/**
 * Packed counts (analytics_packed, migration 0069). A shop with 100 000 product pages has about as
 * many 'page' rows in analytics_counts per week, so a 30-day report summed ~290 000 rows for its
 * ten top pages. Each period's page and referrer counts are also kept in one row: the keys
 * numbered densely per site (analytics_keys), the pairs (number, n) in number order as LEB128
 * varints, each number as the difference from the previous one (2–4 bytes a page). A report adds
 * them up in an array indexed by key number and reads only the keys of the winners.
 */
export const PACKED = { pages: 'page', referrers: 'referrer' } as const;
export type PackedColumn = keyof typeof PACKED;

export interface PeriodRef {
  period: AnalyticsPeriod;
  start: string;
}

type Executor = Pick<Database, 'execute'>;

/** The advisory lock live.ts recomputes a site's open days under (per site and zone). */
export const liveLock = (target: RollupTarget) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`analytics-live:${target.websiteId}:${target.tz}`}, 0))`;
/** Key numbers are handed out one transaction at a time per site, so they stay dense. */
const keysLock = (websiteId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`analytics-keys:${websiteId}`}, 0))`;

/**
 * Packs the given periods' counts, in a transaction the caller holds (and with live.ts's lock held
 * when a live period is among them): numbers the keys seen for the first time, then writes one
 * analytics_packed row per period that is rolled up and not packed yet.
 */
export async function packPeriodsIn(tx: Executor, target: RollupTarget, refs: readonly PeriodRef[]) {
  if (refs.length === 0) return;
  await tx.execute(keysLock(target.websiteId));
  const site = target.websiteId;
  const wanted = sql`wanted as (
    select w.period, w.start from unnest(${`{${refs.map((r) => r.period).join(',')}}`}::text[], ${`{${refs.map((r) => r.start).join(',')}}`}::date[]) as w(period, start)
    join analytics_periods p on p.website_id = ${site} and p.tz = ${target.tz} and p.period = w.period and p.start = w.start
  )`;
  // The numbers so far, read once: a max() per new key would re-read every number this very
  // statement adds (invisible to it, still in the index), quadratic in the keys added.
  const tops = rowsOf<{ dimension: string; top: number }>(
    await tx.execute(sql`
      select dimension, max(id) as top from analytics_keys
      where website_id = ${site} and dimension in ('page', 'referrer') group by dimension`),
  );
  const topOf = (dimension: string) => Number(tops.find((t) => t.dimension === dimension)?.top ?? 0);
  await tx.execute(sql`
    with ${wanted},
    fresh as (
      select distinct c.dimension, c.key from wanted w
      join analytics_counts c on c.website_id = ${site} and c.tz = ${target.tz} and c.period = w.period and c.start = w.start
        and c.dimension in ('page', 'referrer')
      where not exists (select 1 from analytics_keys k where k.website_id = ${site} and k.dimension = c.dimension and k.key = c.key)
    )
    insert into analytics_keys (website_id, dimension, key, id)
    select ${site}, f.dimension, f.key,
      case f.dimension when 'page' then ${topOf(PACKED.pages)}::int else ${topOf(PACKED.referrers)}::int end
        + row_number() over (partition by f.dimension order by f.key)
    from fresh f`);
  const packed = (dimension: string) => sql`coalesce((
      select string_agg(analytics_varint(d.id - d.prev) || analytics_varint(d.n), ''::bytea order by d.id) from (
        select k.id, coalesce(lag(k.id) over (order by k.id), 0) as prev, s.n from (
          select c.key, sum(c.n) as n from analytics_counts c
          where c.website_id = ${site} and c.tz = ${target.tz} and c.period = w.period and c.start = w.start and c.dimension = ${dimension}
          group by c.key
        ) s join analytics_keys k on k.website_id = ${site} and k.dimension = ${dimension} and k.key = s.key
      ) d
    ), ''::bytea)`;
  await tx.execute(sql`
    with ${wanted}
    insert into analytics_packed (website_id, tz, period, start, pages, referrers)
    select ${site}, ${target.tz}, w.period, w.start, ${packed(PACKED.pages)}, ${packed(PACKED.referrers)} from wanted w
    on conflict do nothing`);
}

/**
 * Packs rolled-up periods that have no packed row (rolled up before migration 0069, or packed by
 * a process that stopped in between). Closed periods never change, so packing them late is exact;
 * live ones are packed under live.ts's lock, so never from a snapshot it is replacing.
 */
export async function packMissing(db: Database, target: RollupTarget, refs: readonly PeriodRef[]) {
  if (refs.length === 0) return;
  await db.transaction(async (tx) => {
    if (refs.some((r) => r.period === 'live')) await tx.execute(liveLock(target));
    await packPeriodsIn(tx, target, refs);
  });
}

export interface PackedRow extends PeriodRef {
  pages: Uint8Array | null;
  referrers: Uint8Array | null;
}

/** Closed periods' packed rows this process has read, by site, zone, period, start and writer. */
const packedCache = new Map<string, { pages: Uint8Array | null; referrers: Uint8Array | null }>();
/** The cache's bound: about a hundred 100 000-page shops' last 30 days. */
const PACKED_CACHE_BYTES = 64 * 1024 * 1024;
let packedCacheBytes = 0;

function keepPacked(key: string, row: { pages: Uint8Array | null; referrers: Uint8Array | null }) {
  const size = (row.pages?.length ?? 0) + (row.referrers?.length ?? 0);
  if (size > PACKED_CACHE_BYTES / 8) return;
  packedCache.set(key, row);
  packedCacheBytes += size;
  // Oldest first (a Map keeps its insertion order).
  for (const [old, kept] of packedCache) {
    if (packedCacheBytes <= PACKED_CACHE_BYTES) break;
    packedCache.delete(old);
    packedCacheBytes -= (kept.pages?.length ?? 0) + (kept.referrers?.length ?? 0);
  }
}

/**
 * The packed rows of the rolled-up periods the branches select (each a condition on `period` and
 * `start`, a range of the primary key), packing those still missing first.
 *
 * A closed period's packed row is written once and never changed (only the live ones are replaced),
 * so this process keeps the ones it has read, keyed with the row's `xmin` (the transaction that
 * wrote it): a row written again — a site deleted and made anew under its id, an archive restored —
 * has another and is read afresh. The database sends the bytes only of rows not kept: a month of a
 * 100 000-page shop is ~600 KB, and turning it into strings was a fifth of a report.
 */
export async function readPacked(db: Database, target: RollupTarget, branches: readonly SQL[]) {
  if (branches.length === 0) return [];
  const prefix = `${target.websiteId}\u0000${target.tz}\u0000`;
  const keyOf = (period: string, start: string, writer: string) => `${period} ${start} ${writer}`;
  // Base64, not bytea: the driver hands bytea over as hex text, twice the packed size.
  const bytes = (text: string | null) => (text === null ? null : Buffer.from(text, 'base64'));
  const read = async () => {
    // Taken before the query: what another report evicts meanwhile is still at hand.
    const kept = new Map([...packedCache].filter(([k]) => k.startsWith(prefix)));
    const keys = [...kept.keys()].map((k) => `"${k.slice(prefix.length)}"`);
    const skip = sql`(p.period || ' ' || p.start::text || ' ' || k.xmin::text) = any(${`{${keys.join(',')}}`}::text[])`;
    const rows = rowsOf<
      PeriodRef & { writer: string | null; pages: string | null; referrers: string | null }
    >(
      await db.execute(
        sql.join(
          branches.map(
            (branch) => sql`select p.period, p.start::text as start, k.xmin::text as writer,
                case when ${skip} then null else encode(k.pages, 'base64') end as pages,
                case when ${skip} then null else encode(k.referrers, 'base64') end as referrers
              from analytics_periods p left join analytics_packed k using (website_id, tz, period, start)
              where website_id = ${target.websiteId} and tz = ${target.tz} and ${branch}`,
          ),
          sql` union all `,
        ),
      ),
    );
    return rows.map((r) => {
      const ref = { period: r.period, start: r.start };
      if (r.writer === null) return { ...ref, missing: true, pages: null, referrers: null };
      const key = prefix + keyOf(r.period, r.start, r.writer);
      const cached = kept.get(key);
      if (cached && r.pages === null) return { ...ref, missing: false, ...cached };
      const row = { pages: bytes(r.pages), referrers: bytes(r.referrers) };
      if (r.period !== 'live') keepPacked(key, row);
      return { ...ref, missing: false, ...row };
    });
  };
  const answer = (rows: Awaited<ReturnType<typeof read>>) =>
    rows.map((r): PackedRow => ({
      period: r.period,
      start: r.start,
      pages: r.pages,
      referrers: r.referrers,
    }));
  const rows = await read();
  const missing = rows.filter((r) => r.missing);
  if (missing.length === 0) return answer(rows);
  await packMissing(db, target, missing);
  return answer(await read());
}

/** Adds up packed (number, n) pairs by key number. */
export class KeySums {
  values = new Float64Array(1024);
  /** Highest key number seen. */
  max = 0;

  add(packed: Uint8Array | null): this {
    if (!packed) return this;
    let i = 0;
    let id = 0;
    const end = packed.length;
    while (i < end) {
      let delta = 0;
      let scale = 1;
      let byte: number;
      do {
        byte = packed[i++]!;
        delta += (byte & 127) * scale;
        scale *= 128;
      } while (byte & 128 && i < end);
      let n = 0;
      scale = 1;
      do {
        byte = packed[i++]!;
        n += (byte & 127) * scale;
        scale *= 128;
      } while (byte & 128 && i < end);
      id += delta;
      if (id >= this.values.length) {
        const grown = new Float64Array(Math.max(this.values.length * 2, id + 1));
        grown.set(this.values);
        this.values = grown;
      }
      this.values[id] = this.values[id]! + n;
      if (id > this.max) this.max = id;
    }
    return this;
  }
}

/** Encodes (number, n) pairs as analytics_packed does (the SQL is the writer; this is for tests). */
export function encodePacked(pairs: readonly [number, number][]): Uint8Array {
  const bytes: number[] = [];
  const varint = (v: number) => {
    while (v >= 128) {
      bytes.push((v % 128) | 128);
      v = Math.floor(v / 128);
    }
    bytes.push(v);
  };
  let prev = 0;
  for (const [id, n] of [...pairs].sort((a, b) => a[0] - b[0])) {
    varint(id - prev);
    varint(n);
    prev = id;
  }
  return Uint8Array.from(bytes);
}

/** Key numbers the walk in key order reads at a time, when many keys tie at the last place. */
const WALK_PAGE = 1000;
/** Up to this many tied keys are ordered by asking for them by number. */
const TIED_BY_NUMBER = 2000;

/**
 * The `limit` keys with the highest sums, ties in key order (the database's collation, as the
 * `order by n desc, key` this replaces), read from analytics_keys for the winners only. When more
 * keys tie at the last place than fit, the fewest of them are read that settle it: by number when
 * a few thousand, else by walking the keys in order until enough tied ones are found.
 */
export async function topKeys(
  db: Database,
  websiteId: string,
  dimension: string,
  sums: KeySums,
  limit: number,
): Promise<{ key: string; n: number }[]> {
  const { values, max } = sums;
  // The `limit` largest sums (with repeats), descending.
  const best: number[] = [];
  for (let id = 1; id <= max; id++) {
    const v = values[id]!;
    if (v <= 0 || (best.length === limit && v <= best[limit - 1]!)) continue;
    if (best.length < limit) best.push(v);
    else best[limit - 1] = v;
    for (let at = best.length - 1; at > 0 && best[at - 1]! < best[at]!; at--)
      [best[at - 1], best[at]] = [best[at]!, best[at - 1]!];
  }
  if (best.length === 0) return [];
  const last = best[best.length - 1]!;
  const chosen: number[] = [];
  // Only the count of the tied keys matters past TIED_BY_NUMBER (they are then walked in key
  // order): uniform traffic ties most of a big catalogue's pages, and gathering 100 000 numbers
  // cost more than the rest of the report.
  const tied: number[] = [];
  let tiedCount = 0;
  for (let id = 1; id <= max; id++) {
    const v = values[id]!;
    if (v > last) chosen.push(id);
    else if (v === last && v > 0 && tiedCount++ < TIED_BY_NUMBER) tied.push(id);
  }
  const need = Math.min(limit, best.length) - chosen.length;
  const numbers = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
  const keyRows = (where: SQL, take: number) =>
    db.execute(sql`
      select id, key from analytics_keys
      where website_id = ${websiteId} and dimension = ${dimension} and ${where}
      order by key limit ${take}`);
  if (tiedCount <= need) chosen.push(...tied);
  else if (tiedCount <= TIED_BY_NUMBER) {
    const rows = rowsOf<{ id: number }>(await keyRows(sql`id = any(${numbers(tied)})`, need));
    chosen.push(...rows.map((r) => Number(r.id)));
  } else {
    let after: string | undefined;
    let found = 0;
    for (;;) {
      const rows = rowsOf<{ id: number; key: string }>(
        await keyRows(after === undefined ? sql`true` : sql`key > ${after}`, WALK_PAGE),
      );
      for (const row of rows) {
        if (values[Number(row.id)] === last && found < need) {
          chosen.push(Number(row.id));
          found++;
        }
      }
      if (found >= need || rows.length < WALK_PAGE) break;
      after = rows[rows.length - 1]!.key;
    }
  }
  if (chosen.length === 0) return [];
  // The winners' keys, in key order: the tie-break among equal sums.
  const named = rowsOf<{ id: number; key: string }>(await keyRows(sql`id = any(${numbers(chosen)})`, limit));
  return named
    .map((r, rank) => ({ key: r.key, n: values[Number(r.id)]!, rank }))
    .sort((a, b) => b.n - a.n || a.rank - b.rank)
    .map(({ key, n }) => ({ key, n }));
}
