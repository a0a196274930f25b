import { Redis } from 'ioredis';

let shared: Redis | undefined;

/**
 * The process's one Redis client (`REDIS_URL`), made on first use; undefined when none is set, and
 * every caller then keeps its state in this process. While Redis is away a command fails at once
 * (no offline queue, no retry, a short timeout) so callers fall back to counting in this process
 * instead of holding requests; the client keeps reconnecting and callers use Redis again as soon
 * as it answers.
 */
export function sharedRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  if (shared) return shared;
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  shared = client;
  return client;
}

/** Logs an outage once when it starts and once when Redis is back, not once per reconnect attempt. */
export function reportRedisOutages(client: Redis, log: RedisLog): void {
  let away = false;
  client.on('error', (err: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: err.message }, 'Redis unreachable: counting in this process until it is back');
  });
  client.on('ready', () => {
    if (!away) return;
    away = false;
    log.info({}, 'Redis is back: counting there again');
  });
}

interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export async function closeSharedRedis(): Promise<void> {
  const client = shared;
  shared = undefined;
  await client?.quit().catch(() => client.disconnect());
}
