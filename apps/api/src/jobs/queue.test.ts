import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { databaseTargets } from '../../test/databases';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '.';

const targets = await databaseTargets();

/** The shortest waits pg-boss accepts, so retries and polling fit in a test. */
const FAST: JobQueueOptions = { retryDelaySeconds: 1, pollSeconds: 0.5, stopTimeoutMs: 1000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(25);
  }
}

describe.each(targets)('job queue on $name', (target) => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  const open = async (options: JobQueueOptions = {}) => {
    const queue = await createJobQueue(database, { ...FAST, ...options });
    queues.push(queue);
    return queue;
  };
  const jobState = async (id: string) => {
    const result = await database.db.execute(sql`select state, retry_count from pgboss.job where id = ${id}`);
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
      state: string;
      retry_count: number;
    }[];
    return rows[0];
  };

  beforeAll(async () => {
    database = await target.open();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a job with its payload', async () => {
    const queue = await open();
    const seen: unknown[] = [];
    await queue.work<{ n: number }>('basic', async (job) => {
      seen.push(job.payload);
    });
    const id = await queue.enqueue('basic', { n: 1 });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
    await expect.poll(async () => (await jobState(id!))?.state).toBe('completed');
  });

  it('retries a failing job with growing delays, then completes it', async () => {
    const queue = await open();
    const attempts: number[] = [];
    await queue.work('flaky', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error('not yet');
    });
    const id = await queue.enqueue('flaky', {});
    await until(() => attempts.length === 3);
    // First retry after 1–2 × the delay, the second after 2–4 ×.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1900);
    await expect.poll(() => jobState(id!)).toMatchObject({ state: 'completed', retry_count: 2 });
  });

  it('gives up after the retry limit: the job is dead (failed) and not run again', async () => {
    const queue = await open();
    let runs = 0;
    await queue.work('doomed', async () => {
      runs++;
      throw new Error('always');
    });
    const id = await queue.enqueue('doomed', {}, { retryLimit: 1 });
    await until(() => runs === 2);
    await expect.poll(async () => (await jobState(id!))?.state).toBe('failed');
    await sleep(1500);
    expect(runs).toBe(2);
  });

  it('does not run a job before its runAt', async () => {
    const queue = await open();
    let ranAt = 0;
    await queue.work('later', async () => {
      ranAt = Date.now();
    });
    const runAt = new Date(Date.now() + 1500);
    await queue.enqueue('later', {}, { runAt });
    await until(() => ranAt > 0);
    // The database clock decides; allow for its rounding against this process's clock.
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it('keeps one waiting job per singletonKey', async () => {
    const queue = await open();
    const first = await queue.enqueue(
      'renew',
      { sub: 1 },
      { singletonKey: 'sub-1', runAt: new Date(Date.now() + 60_000) },
    );
    const second = await queue.enqueue('renew', { sub: 1 }, { singletonKey: 'sub-1' });
    const other = await queue.enqueue(
      'renew',
      { sub: 2 },
      { singletonKey: 'sub-2', runAt: new Date(Date.now() + 60_000) },
    );
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
  });

  it('never gives one job to two workers', async () => {
    const [a, b] = [await open(), await open()];
    const runs: string[] = [];
    const handler = async (job: { id: string }) => {
      runs.push(job.id);
      await sleep(5);
    };
    await a.work('race', handler, { concurrency: 3 });
    await b.work('race', handler, { concurrency: 3 });
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => a.enqueue('race', { n })));
    await until(() => runs.length >= 40);
    await sleep(1000);
    expect(runs).toHaveLength(40);
    expect(new Set(runs)).toEqual(new Set(ids));
  });

  it('keeps a job across a restart', async () => {
    const before = await open();
    const id = await before.enqueue('durable', { keep: true });
    await before.stop();
    queues.splice(queues.indexOf(before), 1);

    const after = await open();
    const seen: string[] = [];
    await after.work('durable', async (job) => {
      seen.push(job.id);
    });
    await until(() => seen.length === 1);
    expect(seen).toEqual([id]);
  });
});
