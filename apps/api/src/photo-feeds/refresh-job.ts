import type { Database } from '../db/client';
import type { JobQueue } from '../jobs';
import type { UrlPolicy } from '../webhooks/url-policy';
import type { FetchLimits } from './fetch-feed';
import { refreshDuePhotoFeeds, refreshPhotoFeed } from './photo-feed-store';

export const PHOTO_FEEDS_JOB = 'photo-feeds-refresh';
/** How often the job looks for feeds due (each is fetched about every `refreshMinutes`). */
export const PHOTO_FEEDS_EVERY_MS = 10 * 60_000;

export interface PhotoFeedOptions {
  /** The webhooks' address policy: public addresses only unless WEBHOOKS_ALLOW_PRIVATE. */
  policy: UrlPolicy;
  /** The size cap and time limit of one fetch (tests make them small). */
  limits?: FetchLimits;
}

export interface FeedLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Fetches feeds a save has just named, after the save committed and without holding its answer:
 * the inspector shows the outcome when it asks (or the owner presses "Fetch now").
 */
export function fetchAddedPhotoFeeds(
  db: Database,
  websiteId: string,
  urls: readonly string[],
  options: PhotoFeedOptions,
  log?: FeedLog,
): void {
  for (const url of urls)
    void refreshPhotoFeed(db, websiteId, url, options).catch((err: unknown) =>
      log?.warn({ err, websiteId, url }, 'photo feed fetch after save failed'),
    );
}

/**
 * The periodic fetch on the job queue: one job (singleton key) that schedules its next run before
 * it works, so a failing run is retried by the queue without breaking the chain; every process
 * start enqueues one at once (a no-op while one is waiting).
 */
export async function startPhotoFeedRefresh(
  options: PhotoFeedOptions & { db: Database; jobs: JobQueue; now?: () => Date },
): Promise<void> {
  const { db, jobs } = options;
  await jobs.work(PHOTO_FEEDS_JOB, async () => {
    await jobs.enqueue(
      PHOTO_FEEDS_JOB,
      {},
      { singletonKey: PHOTO_FEEDS_JOB, runAt: new Date(Date.now() + PHOTO_FEEDS_EVERY_MS) },
    );
    await refreshDuePhotoFeeds(db, options);
  });
  await jobs.enqueue(PHOTO_FEEDS_JOB, {}, { singletonKey: PHOTO_FEEDS_JOB });
}
