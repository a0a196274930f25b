import { lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { formSubmissionKeys } from '../db/schema';
import type { JobQueue } from '../jobs';

/*
 * Submission keys: a storefront form or a newsletter block fetches one right before it posts, and
 * the post spends it, so a replayed or scripted post finds none. Forms and mailing lists share them.
 */

/** A key is good for one submission within this time; the flow fetches it right before saving. */
export const FORM_KEY_TTL_MS = 60 * 60 * 1000;
/** Per visitor IP: SaveFormSubmission attempts per window (storefront.md §8 "429"). */
export const DEFAULT_SUBMISSION_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;
/** Form bodies are small; this caps what a hostile client can make the server parse. */
export const FORM_BODY_LIMIT = 64 * 1024;

const PURGE_JOB = 'purge-form-keys';
/** Expired keys are dead weight only, so a purge every TTL keeps the table near one hour of keys. */
const PURGE_EVERY_MS = FORM_KEY_TTL_MS;

/** Keys older than the TTL can never be spent; dropping them keeps the table from growing for ever. */
export async function deleteExpiredFormKeys(db: Database, at: number = Date.now()): Promise<number> {
  const deleted = await db
    .delete(formSubmissionKeys)
    .where(lte(formSubmissionKeys.createdAt, new Date(at - FORM_KEY_TTL_MS)))
    .returning({ key: formSubmissionKeys.key });
  return deleted.length;
}

/** Purges expired keys now and then every PURGE_EVERY_MS on the durable queue (one job for all sites). */
export async function startFormKeyPurge(options: {
  db: Database;
  jobs: JobQueue;
  now?: () => number;
}): Promise<void> {
  const { db, jobs } = options;
  await jobs.work(PURGE_JOB, async () => {
    await jobs.enqueue(
      PURGE_JOB,
      {},
      { singletonKey: PURGE_JOB, runAt: new Date(Date.now() + PURGE_EVERY_MS) },
    );
    await deleteExpiredFormKeys(db, options.now?.());
  });
  await jobs.enqueue(PURGE_JOB, {}, { singletonKey: PURGE_JOB });
}
