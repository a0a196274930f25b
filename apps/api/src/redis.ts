import { Redis } from 'ioredis';

let shared: Redis | undefined;

/**
 * The process's one Redis client (`REDIS_URL`), made on first use; undefined when none is set, and
 * every caller then keeps its state in this process. A command fails after one reconnect attempt
 * while Redis is away, so callers can fall back rather than hang requests.
 */
export function sharedRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  shared ??= new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  return shared;
}

export async function closeSharedRedis(): Promise<void> {
  const client = shared;
  shared = undefined;
  await client?.quit().catch(() => client.disconnect());
}
