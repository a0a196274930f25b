import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { pgliteExecutor } from './pglite-executor';

export interface EnqueueOptions {
  /** Not run before this instant. */
  runAt?: Date;
  /**
   * While a job of this name with this key is waiting to start, enqueueing another is a no-op
   * (answers null): "renew subscription 42", "resize image 7".
   */
  singletonKey?: string;
  /** Attempts after the first failure before the job is dead (default: the queue's). */
  retryLimit?: number;
}

export interface Job<T> {
  id: string;
  name: string;
  payload: T;
}

/** Throwing (or rejecting) fails the attempt: it is retried with backoff, then the job is dead. */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface JobQueue {
  /** Answers the job id, or null when a waiting job with the same singletonKey exists. */
  enqueue<T extends object>(name: string, payload: T, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Runs this process's handler for `name`, up to `concurrency` jobs at once (default 1). In a
   * queue opened with `workers: false` it does nothing: modules register their handlers the same
   * way whether or not this process runs them.
   */
  work<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): Promise<void>;
  /**
   * Stops fetching, waits for running handlers up to `timeoutMs` (default: the queue's
   * stopTimeoutMs), fails those still running so that the queue retries them, releases the pool.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface JobQueueOptions {
  /** Failed attempts retried before a job is dead (state `failed` in pgboss.job). */
  retryLimit?: number;
  /** First retry after 1–2 × this many seconds, doubling each time (pg-boss: whole seconds, ≥ 1). */
  retryDelaySeconds?: number;
  /** How often an idle worker looks for due jobs (pg-boss allows ≥ 0.5). */
  pollSeconds?: number;
  /** Run the handlers given to `work` (default true); false for a web-only process (WORKERS=0). */
  workers?: boolean;
  /** Expire jobs a dead process left active, archive and delete old ones (default: as `workers`). */
  maintenance?: boolean;
  /** Graceful stop waits this long for running handlers. */
  stopTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/**
 * The job queue on the application's database: pg-boss with its own small pool on a PostgreSQL
 * server, or pg-boss on the same embedded PGlite (through `pgliteExecutor`). Its tables live in
 * the `pgboss` schema, created and migrated by `start`.
 */
export async function createJobQueue(
  database: DatabaseHandle,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const connection =
    database.connection.kind === 'postgres'
      ? { connectionString: database.connection.url, max: 4 }
      : { db: pgliteExecutor(database.connection.client) };
  const boss = new PgBoss({
    ...connection,
    retryLimit: options.retryLimit ?? 5,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
    pollingIntervalSeconds: options.pollSeconds ?? 2,
    supervise: options.maintenance ?? options.workers ?? true,
    schedule: false,
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  return new PgBossJobQueue(boss, options);
}

class PgBossJobQueue implements JobQueue {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workerIds = new Map<string, string[]>();

  constructor(
    private readonly boss: PgBoss,
    private readonly options: JobQueueOptions,
  ) {}

  async enqueue<T extends object>(
    name: string,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, payload, {
      // The "short" policy allows one waiting job per key, so a job without a key gets one of its own.
      singletonKey: options.singletonKey ?? `~${randomUUID()}`,
      // pg-boss checks the options it is given by key, so absent ones must be missing, not undefined.
      ...(options.runAt && { startAfter: options.runAt }),
      ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
    });
    if (id && !options.runAt)
      for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  async work<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): Promise<void> {
    if (this.options.workers === false) return;
    await this.ensureQueue(name);
    const ids = this.workerIds.get(name) ?? [];
    for (let i = 0; i < (options.concurrency ?? 1); i++) {
      const id = await this.boss.work<T>(name, { batchSize: 1 }, async ([job]) => {
        if (job) await handler({ id: job.id, name: job.name, payload: job.data });
      });
      ids.push(id);
    }
    this.workerIds.set(name, ids);
  }

  async stop({ timeoutMs }: { timeoutMs?: number } = {}): Promise<void> {
    await this.boss.stop({
      graceful: true,
      wait: true,
      timeout: timeoutMs ?? this.options.stopTimeoutMs ?? 10_000,
    });
  }

  /** pg-boss drops jobs for queues it does not know; creating one that exists does nothing. */
  private ensureQueue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = this.boss.createQueue(name, { name, policy: 'short' });
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }
}
