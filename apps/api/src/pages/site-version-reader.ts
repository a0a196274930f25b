import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteVersions } from '../db/schema';

export interface SiteVersions {
  content: number;
  catalog: number;
}

interface Waiting {
  promise: Promise<SiteVersions>;
  resolve(versions: SiteVersions): void;
  reject(error: unknown): void;
}

function waiting(): Waiting {
  let resolve!: Waiting['resolve'];
  let reject!: Waiting['reject'];
  const promise = new Promise<SiteVersions>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Reads a site's counters for each page request, so a cached page is never older than the last
 * commit before the request arrived (whichever process made it), without a query per request.
 *
 * A read started before a request arrived may have missed a commit made just before it, so that
 * request waits for the next read; every request arriving meanwhile shares that one. Under load
 * there is one query in flight per site at a time, answering all requests that queued behind it.
 */
export function createSiteVersionReader(db: Database): (websiteId: string) => Promise<SiteVersions> {
  const statement = db
    .select({ content: siteVersions.content, catalog: siteVersions.catalog })
    .from(siteVersions)
    .where(eq(siteVersions.websiteId, sql.placeholder('websiteId')))
    .prepare('site_versions_read');
  // A site is in this map while a read for it is in flight.
  const sites = new Map<string, { next?: Waiting }>();

  const start = (websiteId: string, into: Waiting) => {
    statement.execute({ websiteId }).then(
      ([row]) => finish(websiteId, () => into.resolve(row ?? { content: 0, catalog: 0 })),
      (error: unknown) => finish(websiteId, () => into.reject(error)),
    );
  };
  const finish = (websiteId: string, settle: () => void) => {
    settle();
    const site = sites.get(websiteId)!;
    const next = site.next;
    if (next) {
      site.next = undefined;
      start(websiteId, next);
    } else {
      sites.delete(websiteId);
    }
  };

  return (websiteId) => {
    const site = sites.get(websiteId);
    if (site) return (site.next ??= waiting()).promise;
    sites.set(websiteId, {});
    const now = waiting();
    start(websiteId, now);
    return now.promise;
  };
}
