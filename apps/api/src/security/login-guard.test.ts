import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLoginGuard, createRedisLoginGuard } from './login-guard';

describe('memory login guard', () => {
  it('locks a pair after the maximum failures, for the lock time only', async () => {
    let now = 0;
    const guard = createMemoryLoginGuard({
      maxFailures: 3,
      windowMs: 60_000,
      lockMs: 30_000,
      now: () => now,
    });
    for (let i = 0; i < 2; i++) await guard.failed('k');
    expect(await guard.lockedFor('k')).toBe(0);
    await guard.failed('k');
    expect(await guard.lockedFor('k')).toBe(30);
    expect(await guard.lockedFor('other')).toBe(0);
    now = 29_500;
    expect(await guard.lockedFor('k')).toBe(1);
    now = 30_000;
    expect(await guard.lockedFor('k')).toBe(0);
    // After the lock the count starts again from zero.
    await guard.failed('k');
    expect(await guard.lockedFor('k')).toBe(0);
  });

  it('forgets failures older than the window and after a success', async () => {
    let now = 0;
    const guard = createMemoryLoginGuard({ maxFailures: 2, windowMs: 10_000, lockMs: 5_000, now: () => now });
    await guard.failed('k');
    now = 10_000;
    await guard.failed('k');
    expect(await guard.lockedFor('k')).toBe(0);
    await guard.succeeded('k');
    await guard.failed('k');
    expect(await guard.lockedFor('k')).toBe(0);
    await guard.failed('k');
    expect(await guard.lockedFor('k')).toBe(5);
  });

  it('keeps memory bounded by dropping the stalest pairs', async () => {
    const guard = createMemoryLoginGuard({ maxFailures: 1, maxKeys: 2, now: () => 0 });
    await guard.failed('a');
    await guard.failed('b');
    await guard.failed('c');
    expect(await guard.lockedFor('a')).toBe(0);
    expect(await guard.lockedFor('b')).toBeGreaterThan(0);
    expect(await guard.lockedFor('c')).toBeGreaterThan(0);
  });
});

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function connect(): Promise<Redis | undefined> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

// Two clients stand for two API processes: each has its own connection and guard.
const a = await connect();
const b = a && (await connect());
if (!a) console.warn(`Redis login-guard tests skipped: nothing answers at ${REDIS_URL}`);

describe.runIf(a && b)('Redis login guard', () => {
  const prefix = `test-login-guard:${randomUUID()}`;
  afterAll(async () => {
    const keys = await a!.keys(`${prefix}:*`);
    if (keys.length) await a!.del(...keys);
    a!.disconnect();
    b!.disconnect();
  });

  it('shares failures and the lock between two processes', async () => {
    const options = { prefix, maxFailures: 4, windowMs: 60_000, lockMs: 30_000 };
    const first = createRedisLoginGuard(a!, options);
    const second = createRedisLoginGuard(b!, options);
    await first.failed('k');
    await second.failed('k');
    await first.failed('k');
    expect(await second.lockedFor('k')).toBe(0);
    // The fourth failure, counted by the other process, locks the pair for both.
    await second.failed('k');
    expect(await first.lockedFor('k')).toBeGreaterThan(28);
    expect(await second.lockedFor('k')).toBeGreaterThan(28);
    expect(await first.lockedFor('other')).toBe(0);
  });

  it('counts concurrent failures exactly and forgets them after a success', async () => {
    const options = { prefix, maxFailures: 10, windowMs: 60_000, lockMs: 30_000 };
    const guards = [createRedisLoginGuard(a!, options), createRedisLoginGuard(b!, options)];
    await Promise.all(Array.from({ length: 9 }, (_, i) => guards[i % 2]!.failed('c')));
    expect(await guards[0]!.lockedFor('c')).toBe(0);
    await guards[1]!.succeeded('c');
    await guards[0]!.failed('c');
    expect(await guards[1]!.lockedFor('c')).toBe(0);
  });

  it('ends the lock after lockMs and the window after windowMs', async () => {
    const guard = createRedisLoginGuard(a!, { prefix, maxFailures: 2, windowMs: 150, lockMs: 150 });
    await guard.failed('w');
    await new Promise((r) => setTimeout(r, 250));
    await guard.failed('w');
    expect(await guard.lockedFor('w')).toBe(0);
    await guard.failed('w');
    expect(await guard.lockedFor('w')).toBe(1);
    await new Promise((r) => setTimeout(r, 250));
    expect(await guard.lockedFor('w')).toBe(0);
  });

  it('keeps no email in clear in Redis', async () => {
    await createRedisLoginGuard(a!, { prefix }).failed('person@example.test\u000010.0.0.1');
    const keys = await a!.keys(`${prefix}:*`);
    expect(keys.some((k) => k.includes('person'))).toBe(false);
  });
});
