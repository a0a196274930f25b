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
 * commit before the request arrived (whichever process made it).
 *
 * Requests arriving in the same turn of the event loop share one query, started after all of them
 * arrived, so it sees every commit they could have seen; under load a handful of requests share
 * each read, and reads still overlap so none waits for another's round trip.
 */
export function createSiteVersionReader(db: Database): (websiteId: string) => Promise<SiteVersions> {
  const statement = db
    .select({ content: siteVersions.content, catalog: siteVersions.catalog })
    .from(siteVersions)
    .where(eq(siteVersions.websiteId, sql.placeholder('websiteId')))
    .prepare('site_versions_read');
  const gathering = new Map<string, Waiting>();

  return (websiteId) => {
    let batch = gathering.get(websiteId);
    if (!batch) {
      const started = waiting();
      gathering.set(websiteId, started);
      setImmediate(() => {
        gathering.delete(websiteId);
        statement.execute({ websiteId }).then(([row]) => started.resolve(row ?? { content: 0, catalog: 0 }), started.reject);
      });
      batch = started;
    }
    return batch.promise;
  };
}
