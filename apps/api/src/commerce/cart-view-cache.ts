import { randomBytes } from 'node:crypto';

/**
 * Serialized cart answers, kept per site and cart token and the version the browser holds (a cart
 * token sent to another site's host must never find this site's answer).
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

  get(websiteId: string, token: string, version: string): string | undefined {
    const hit = this.entries.get(`${websiteId}\n${token}`);
    if (!hit || hit.version !== version || hit.expires <= this.now()) return undefined;
    return hit.json;
  }

  set(websiteId: string, token: string, version: string, json: string): void {
    const key = `${websiteId}\n${token}`;
    // Map keeps insertion order: re-inserting moves a cart to the young end, and the oldest go first.
    this.entries.delete(key);
    this.entries.set(key, { version, json, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(websiteId: string, token: string | undefined): void {
    if (token) this.entries.delete(`${websiteId}\n${token}`);
  }

  get size(): number {
    return this.entries.size;
  }
}

export function newCartVersion(): string {
  return randomBytes(9).toString('base64url');
}
