import { randomBytes } from 'node:crypto';

/**
 * Serialized cart answers, kept per cart token and the version the browser holds.
 *
 * Every page load asks for the cart (pill, header indicator) though it rarely changed since the
 * last ask. Each cart write hands the browser a new version in an httpOnly cookie, so a cached
 * answer is only used for the version it was computed under: a shopper always reads their own
 * writes, whichever server process answers, with no database round trip and no cross-process
 * invalidation. Product edits (price, title) reach cached carts within `ttlMs`; checkout prices
 * from the database, never from here.
 */
export class CartViewCache {
  private readonly entries = new Map<string, { version: string; json: string; expires: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string, version: string): string | undefined {
    const hit = this.entries.get(token);
    if (!hit || hit.version !== version || hit.expires <= this.now()) return undefined;
    return hit.json;
  }

  set(token: string, version: string, json: string): void {
    // Map keeps insertion order: re-inserting moves a cart to the young end, and the oldest go first.
    this.entries.delete(token);
    this.entries.set(token, { version, json, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(token: string | undefined): void {
    if (token) this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}

export function newCartVersion(): string {
  return randomBytes(9).toString('base64url');
}
