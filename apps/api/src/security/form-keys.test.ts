import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { eventually } from '../../test/eventually';
import type { DatabaseHandle } from '../db/client';
import { formSubmissionKeys } from '../db/schema';
import { createJobQueue } from '../jobs';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { deleteExpiredFormKeys, FORM_KEY_TTL_MS, startFormKeyPurge } from './form-keys';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const at = (msAgo: number) => new Date(NOW - msAgo);

describe.each(await databaseTargets())('expired form keys on $name', (target) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
  });
  afterAll(() => database?.close());

  /** Writes keys created `msAgo` before NOW, some spent; returns which of them are still there. */
  async function keysLeftAfter(
    purge: () => Promise<unknown>,
    keys: { key: string; msAgo: number; used?: boolean }[],
  ) {
    await database.db.insert(formSubmissionKeys).values(
      keys.map((k) => ({
        key: k.key,
        websiteId: DEMO_WEBSITE_ID,
        createdAt: at(k.msAgo),
        usedAt: k.used ? at(k.msAgo - 1000) : null,
      })),
    );
    await purge();
    const left = await database.db
      .select({ key: formSubmissionKeys.key })
      .from(formSubmissionKeys)
      .where(
        inArray(
          formSubmissionKeys.key,
          keys.map((k) => k.key),
        ),
      );
    return left.map((r) => r.key).sort();
  }

  it('drops keys past their hour, spent or not, and keeps the ones still good', async () => {
    const left = await keysLeftAfter(
      () => deleteExpiredFormKeys(database.db, NOW),
      [
        { key: 'a-expired', msAgo: FORM_KEY_TTL_MS + 60_000 },
        { key: 'a-expired-spent', msAgo: 2 * FORM_KEY_TTL_MS, used: true },
        { key: 'a-at-ttl', msAgo: FORM_KEY_TTL_MS },
        { key: 'a-live', msAgo: FORM_KEY_TTL_MS - 60_000 },
        { key: 'a-live-spent', msAgo: 60_000, used: true },
        { key: 'a-new', msAgo: 0 },
      ],
    );
    expect(left).toEqual(['a-live', 'a-live-spent', 'a-new']);
  });

  it('runs as a job on the queue', async () => {
    const jobs = await createJobQueue(database, { pollSeconds: 0.5, retryDelaySeconds: 1 });
    try {
      const left = await keysLeftAfter(async () => {
        await startFormKeyPurge({ db: database.db, jobs, now: () => NOW });
        await eventually(async () => {
          const [stale] = await database.db
            .select()
            .from(formSubmissionKeys)
            .where(inArray(formSubmissionKeys.key, ['q-expired']));
          expect(stale).toBeUndefined();
        }, 15_000);
      }, [
        { key: 'q-expired', msAgo: FORM_KEY_TTL_MS + 1 },
        { key: 'q-live', msAgo: FORM_KEY_TTL_MS - 60_000 },
      ]);
      expect(left).toEqual(['q-live']);
    } finally {
      await jobs.stop();
    }
  });
});
