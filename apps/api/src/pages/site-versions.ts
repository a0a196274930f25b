import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Database, DatabaseHandle } from '../db/client';
import { siteVersions } from '../db/schema';

export interface SiteVersions {
  content: number;
  catalog: number;
}

/** The channel the version triggers notify on commit (migration 0011), payload a site's id. */
export const SITE_VERSIONS_CHANNEL = 'site_versions';

export interface ChangeFeedHandlers {
  /** A transaction that changed what visitors of `site` see has committed. */
  changed(site: string): void;
  /** Listening (again): every change committed from now on will be told. */
  ready(): void;
  /** Not listening: changes may go untold until the next `ready`. */
  lost(): void;
}

/** Where commit notices come from; the store trusts its memory only between `ready` and `lost`. */
export interface ChangeFeed {
  start(handlers: ChangeFeedHandlers): void;
  stop(): Promise<void>;
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
 * Each site's counters as this process last read them, kept while PostgreSQL tells it about every
 * commit that bumps them, so a page request costs no database round trip.
 *
 * A notice drops the site's counters and the next request reads them again. While the feed is not
 * listening (starting, reconnecting) every request reads, as if there were no memory: freshness
 * is never traded silently for speed. The writing process itself does not wait for the notice:
 * `invalidate` after its own commit makes its next request read.
 *
 * Reads: requests arriving in the same turn of the event loop share one query, started after all
 * of them arrived, so it sees every commit they could have seen. Its answer is kept only if no
 * notice for the site (and no loss of the feed) came while it was in flight: a commit landing
 * between the query's snapshot and the notice would otherwise be forgotten.
 */
export class SiteVersionStore {
  private readonly known = new Map<string, SiteVersions>();
  /** Bumped by each notice for the site, so a read in flight knows its answer may be old. */
  private readonly notices = new Map<string, number>();
  /** Bumped whenever listening starts or stops. */
  private epoch = 0;
  private listening = false;
  private readonly gathering = new Map<string, Waiting>();
  private readonly statement;
  private readonly listeners: ((site: string) => void)[] = [];

  constructor(
    db: Database,
    private readonly feed?: ChangeFeed,
  ) {
    this.statement = db
      .select({ content: siteVersions.content, catalog: siteVersions.catalog })
      .from(siteVersions)
      .where(eq(siteVersions.websiteId, sql.placeholder('websiteId')))
      .prepare('site_versions_read');
    feed?.start({
      changed: (site) => {
        this.invalidate(site);
        for (const listener of this.listeners) listener(site);
      },
      ready: () => {
        // Whatever was committed before listening started went untold: forget it all.
        this.known.clear();
        this.epoch++;
        this.listening = true;
      },
      lost: () => {
        this.listening = false;
        this.epoch++;
        this.known.clear();
      },
    });
  }

  /** Also told of every site a commit in any process changed (the site resolver forgets its hosts). */
  onChange(listener: (site: string) => void): void {
    this.listeners.push(listener);
  }

  /** True while counters come from memory (the bench and tests check it). */
  get trusted(): boolean {
    return this.listening;
  }

  /** The site's counters as of a commit no older than the last one this process was told of. */
  get(site: string): SiteVersions | Promise<SiteVersions> {
    if (this.listening) {
      const known = this.known.get(site);
      if (known) return known;
    }
    return this.read(site);
  }

  /** Forget the site's counters: a change has committed (told by the feed, or made here). */
  invalidate(site: string): void {
    this.known.delete(site);
    this.notices.set(site, (this.notices.get(site) ?? 0) + 1);
  }

  stop(): Promise<void> {
    return this.feed?.stop() ?? Promise.resolve();
  }

  private read(site: string): Promise<SiteVersions> {
    let batch = this.gathering.get(site);
    if (batch) return batch.promise;
    const started = waiting();
    this.gathering.set(site, started);
    setImmediate(() => {
      this.gathering.delete(site);
      const epoch = this.epoch;
      const notices = this.notices.get(site);
      const keep = this.listening;
      this.statement.execute({ websiteId: site }).then(([row]) => {
        const versions = row ?? { content: 0, catalog: 0 };
        if (keep && this.listening && epoch === this.epoch && notices === this.notices.get(site)) {
          this.known.set(site, versions);
        }
        started.resolve(versions);
      }, started.reject);
    });
    batch = started;
    return batch.promise;
  }
}

const RETRY_MS = { first: 100, max: 5000 };
/** How often the listening connection must answer, and how long it may take, before it counts as lost. */
export const HEARTBEAT_MS = 2000;
/** How the listening session names itself in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'site-versions-listen';

/**
 * LISTEN on a connection of its own (a pooled one would lose it on release). A closed connection,
 * or one that leaves a heartbeat unanswered (a network that drops packets never closes it), counts
 * as lost: it is ended and a new one listens after a growing pause.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  let handlers: ChangeFeedHandlers | undefined;
  let stopped = false;
  let pause = RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  let client: postgres.Sql | undefined;
  let listening = false;

  const drop = (which: postgres.Sql) => {
    if (which !== client) return;
    client = undefined;
    listening = false;
    handlers?.lost();
    void which.end({ timeout: 0 }).catch(() => {});
    retry();
  };
  const listen = async () => {
    timer = undefined;
    if (stopped) return;
    // `onnotify` is how postgres.js's own `listen` hears notices; its types leave it out.
    const options: postgres.Options<Record<string, never>> & {
      onnotify(channel: string, payload: string): void;
    } = {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      connect_timeout: HEARTBEAT_MS / 1000,
      connection: { application_name: LISTEN_APPLICATION_NAME },
      onnotice: () => {},
      onnotify: (channel, payload) => {
        if (channel === SITE_VERSIONS_CHANNEL) handlers?.changed(payload);
      },
      onclose: () => drop(current),
    };
    const current = postgres(url, options);
    client = current;
    try {
      await current.unsafe(`listen ${SITE_VERSIONS_CHANNEL}`);
      if (stopped || client !== current) return;
      pause = RETRY_MS.first;
      listening = true;
      handlers?.ready();
    } catch {
      drop(current);
    }
  };
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void listen(), pause);
    timer.unref();
    pause = Math.min(pause * 2, RETRY_MS.max);
  };
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !listening) return;
    const late = setTimeout(() => drop(current), HEARTBEAT_MS);
    current.unsafe('select 1').then(
      () => clearTimeout(late),
      () => {
        clearTimeout(late);
        drop(current);
      },
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    start(h) {
      handlers = h;
      void listen();
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      handlers?.lost();
      await current?.end({ timeout: 1 });
    },
  };
}

/** The embedded database is this process alone: its notices arrive with the query that caused them. */
export function pgliteChangeFeed(
  client: Extract<DatabaseHandle['connection'], { kind: 'pglite' }>['client'],
): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  let handlers: ChangeFeedHandlers | undefined;
  return {
    start(h) {
      handlers = h;
      void client
        .listen(SITE_VERSIONS_CHANNEL, (site) => h.changed(site))
        .then((off) => {
          unlisten = off;
          h.ready();
        });
    },
    async stop() {
      handlers?.lost();
      await unlisten?.();
    },
  };
}

export function changeFeedFor(database: DatabaseHandle): ChangeFeed {
  return database.connection.kind === 'postgres'
    ? postgresChangeFeed(database.connection.url)
    : pgliteChangeFeed(database.connection.client);
}
