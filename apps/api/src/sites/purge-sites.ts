import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { files, orderExports, productVersions, siteExports, siteVersions, websites } from '../db/schema';
import { removeStored } from '../files/file-store';
import { siteLogoKey, storedSiteLogo } from './site-logo';
import type { FileStorage } from '../files/storage';
import type { JobQueue } from '../jobs';
import { restoreCutoff } from './restore-site';

export const PURGE_JOB = 'purge-removed-sites';
/** How often the purge looks for sites past their 30 days; a site is gone at most this long after. */
export const PURGE_EVERY_MS = 60 * 60_000;

export interface PurgeLog {
  info(details: Record<string, unknown>, message: string): void;
}

export interface PurgeOptions {
  /** The clock the 30 days are counted on (tests move it). */
  now?: Date;
  /** Candidate sites read per query. */
  batchSize?: number;
  log?: PurgeLog;
}

/**
 * Deletes for good every site removed more than 30 days ago: its stored files first, then its
 * `websites` row, which every other row of the site follows through `on delete cascade`, and its
 * `site_versions` row, which has no foreign key (purge-sites.test.ts checks that no table keeps a
 * row). Each site is its own transaction that
 * locks its row `for update skip locked` and checks it again, so two processes never purge one
 * site and a concurrent restore either wins (the site is no longer due) or waits and finds it gone.
 * Files are deleted before the rows: a crash in between leaves rows whose files are gone, which
 * the next run deletes (deleting a missing key is not an error), never files nothing points to.
 * Answers the ids it purged.
 */
export async function purgeRemovedSites(
  db: Database,
  storage: FileStorage,
  options: PurgeOptions = {},
): Promise<string[]> {
  const cutoff = restoreCutoff(options.now ?? new Date());
  const batchSize = options.batchSize ?? 50;
  const purged: string[] = [];
  let after = '';
  for (;;) {
    const due = await db
      .select({ id: websites.id })
      .from(websites)
      .where(and(isNotNull(websites.deletedAt), lte(websites.deletedAt, cutoff), gt(websites.id, after)))
      .orderBy(asc(websites.id))
      .limit(batchSize);
    for (const { id } of due) {
      const gone = await purgeSite(db, storage, id, cutoff);
      if (!gone) continue;
      purged.push(id);
      options.log?.info(
        { websiteId: id, title: gone.title, removedAt: gone.deletedAt, files: gone.files },
        'purged removed site',
      );
    }
    if (due.length < batchSize) return purged;
    after = due[due.length - 1]!.id;
  }
}

async function purgeSite(db: Database, storage: FileStorage, websiteId: string, cutoff: Date) {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ title: websites.title, deletedAt: websites.deletedAt, settings: websites.settings })
      .from(websites)
      .where(and(eq(websites.id, websiteId), isNotNull(websites.deletedAt), lte(websites.deletedAt, cutoff)))
      .for('update', { skipLocked: true });
    // Restored, already purged, or being purged by another process right now.
    if (!site) return undefined;
    const stored = await tx
      .select({ id: files.id, websiteId: files.websiteId })
      .from(files)
      .where(eq(files.websiteId, websiteId));
    for (const file of stored) await removeStored(storage, file);
    // The owner's export archives hold the whole site: they go with it.
    const archives = await tx
      .select({ key: siteExports.storageKey })
      .from(siteExports)
      .where(eq(siteExports.websiteId, websiteId));
    for (const { key } of archives) if (key) await storage.delete(key);
    // So do the orders exports: customers' emails and what they bought.
    const orderFiles = await tx
      .select({ key: orderExports.storageKey })
      .from(orderExports)
      .where(eq(orderExports.websiteId, websiteId));
    for (const { key } of orderFiles) if (key) await storage.delete(key);
    const logo = storedSiteLogo(site.settings);
    if (logo) await storage.delete(siteLogoKey(websiteId, logo.version));
    await tx.delete(websites).where(eq(websites.id, websiteId));
    // The tables without a foreign key (their triggers bump them while the cascade deletes rows).
    await tx.delete(siteVersions).where(eq(siteVersions.websiteId, websiteId));
    await tx.delete(productVersions).where(eq(productVersions.websiteId, websiteId));
    return { title: site.title, deletedAt: site.deletedAt?.toISOString(), files: stored.length };
  });
}

/**
 * Runs the purge on the job queue: one job (singleton key), which schedules the next run an hour
 * later before it starts, so a failing run is retried by the queue without breaking the chain.
 * Every process start enqueues one at once (a no-op while one is waiting).
 */
export async function startSitePurge(options: {
  db: Database;
  jobs: JobQueue;
  storage: FileStorage;
  log?: PurgeLog;
  now?: () => Date;
}): Promise<void> {
  const { db, jobs, storage } = options;
  await jobs.work(PURGE_JOB, async () => {
    await jobs.enqueue(
      PURGE_JOB,
      {},
      { singletonKey: PURGE_JOB, runAt: new Date(Date.now() + PURGE_EVERY_MS) },
    );
    await purgeRemovedSites(db, storage, { now: options.now?.(), log: options.log });
  });
  await jobs.enqueue(PURGE_JOB, {}, { singletonKey: PURGE_JOB });
}
