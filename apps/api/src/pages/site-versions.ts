import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import postgres from 'postgres';
import type { Database, DatabaseHandle } from '../db/client';
import { siteVersions } from '../db/schema';

export interface SiteVersions {
  content: number;
  catalog: number;
  /**
   * Bumped by every blog post change (a like too) and approved comment's change: the pages showing
   * posts (search results, blog lists and posts) follow it.
   */
  posts: number;
}

/**
 * The channel the version triggers notify on commit (migration 0011), payload a site's id, or
 * `<site> <product>` when only one product changed (migration 0045).
 */
export const SITE_VERSIONS_CHANNEL = 'site_versions';

export interface ChangeFeedHandlers {
  /** A transaction that changed what visitors of `site` see (of one product, if named) has committed. */
  changed(site: string, product?: string): void;
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

/** Splits a notice's payload: `<site>` or `<site> <product>`. */
export function noticeParts(payload: string): { site: string; product?: string } {
  const space = payload.indexOf(' ');
  return space === -1
    ? { site: payload }
    : { site: payload.slice(0, space), product: payload.slice(space + 1) };
}

/** What a cached page showing products was rendered under: the products' counters and the notices heard by then. */
export interface ProductsTag {
  versions: ReadonlyMap<string, number>;
  /** The notice sequence when rendering started: a notice for one of them after it makes the page old. */
  since: number;
  epoch: number;
}

/** Taken before rendering a page, so notices that arrive while it renders are not missed. */
export interface RenderMark {
  since: number;
  epoch: number;
  listening: boolean;
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
  /** Each product's counter by site, kept like `known`. */
  private readonly productsKnown = new Map<string, Map<string, number>>();
  /** The sequence number of the last notice for `<site>` or `<site> <product>` (invalidations count too). */
  private readonly lastNotice = new Map<string, number>();
  private sequence = 0;
  private readonly productStatement;

  constructor(
    db: Database,
    private readonly feed?: ChangeFeed,
  ) {
    this.statement = db
      .select({ content: siteVersions.content, catalog: siteVersions.catalog, posts: siteVersions.posts })
      .from(siteVersions)
      .where(eq(siteVersions.websiteId, sql.placeholder('websiteId')))
      .prepare('site_versions_read');
    // One bind parameter whatever the number of products (a JSON array of ids).
    this.productStatement = (site: string, ids: readonly string[]) =>
      db.execute(sql`
        select product_id, version from product_versions
        where product_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          and website_id = ${site}`);
    feed?.start({
      changed: (site, product) => {
        if (product !== undefined) {
          this.productsKnown.get(site)?.delete(product);
          this.lastNotice.set(`${site} ${product}`, ++this.sequence);
          return;
        }
        this.invalidate(site);
        for (const listener of this.listeners) listener(site);
      },
      ready: () => {
        // Whatever was committed before listening started went untold: forget it all.
        this.forgetAll();
        this.epoch++;
        this.listening = true;
      },
      lost: () => {
        this.listening = false;
        this.epoch++;
        this.forgetAll();
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
    // A write made here may have changed any product: their counters are read again when asked.
    this.productsKnown.delete(site);
    this.lastNotice.set(site, ++this.sequence);
  }

  /** Taken before a page is rendered; `productsTag` after it says whether it may be kept. */
  mark(): RenderMark {
    return { since: this.sequence, epoch: this.epoch, listening: this.listening };
  }

  /**
   * The counters of the products a page rendered since `mark` shows, for keeping it; undefined when
   * it must not be kept: only while listening, so that a change to any of them committed while it
   * rendered is told, and none was told since the mark.
   */
  async productsTag(
    site: string,
    ids: readonly string[],
    mark: RenderMark,
    read?: ReadonlyMap<string, number>,
  ): Promise<ProductsTag | undefined> {
    if (!mark.listening) return undefined;
    // Counters read with the products after the mark, in the same snapshot as what the page shows
    // of them, tag it exactly; a product only named by a block (not read) sends the read below.
    const versions =
      read && ids.every((id) => read.has(id))
        ? new Map(ids.map((id) => [id, read.get(id)!]))
        : await this.productVersions(site, ids);
    if (!this.listening || this.epoch !== mark.epoch) return undefined;
    if (ids.some((id) => (this.lastNotice.get(`${site} ${id}`) ?? 0) > mark.since)) return undefined;
    return { versions, since: mark.since, epoch: mark.epoch };
  }

  /** Whether a page kept with `tag` still shows its products as they are. */
  productsCurrent(site: string, tag: ProductsTag): boolean | Promise<boolean> {
    if (!this.listening || tag.epoch !== this.epoch) return false;
    const ids = [...tag.versions.keys()];
    // A notice told after rendering started: the page may have been drawn before that commit.
    if (ids.some((id) => (this.lastNotice.get(`${site} ${id}`) ?? 0) > tag.since)) return false;
    const same = (current: ReadonlyMap<string, number>) =>
      ids.every((id) => current.get(id) === tag.versions.get(id));
    const known = this.productsKnown.get(site);
    if (known && ids.every((id) => known.has(id))) return same(known);
    return this.productVersions(site, ids).then(same);
  }

  /** The products' counters (0 for one never changed), from memory while told, else read and kept if no notice came meanwhile. */
  private async productVersions(site: string, ids: readonly string[]): Promise<Map<string, number>> {
    const epoch = this.epoch;
    const started = this.sequence;
    const rows = rowsOf<{ product_id: string; version: number | string }>(
      await this.productStatement(site, ids),
    );
    const versions = new Map(ids.map((id) => [id, 0]));
    for (const row of rows) versions.set(row.product_id, Number(row.version));
    const untold = (key: string) => (this.lastNotice.get(key) ?? 0) <= started;
    if (this.listening && epoch === this.epoch && untold(site)) {
      let known = this.productsKnown.get(site);
      if (!known) this.productsKnown.set(site, (known = new Map()));
      for (const [id, version] of versions) if (untold(`${site} ${id}`)) known.set(id, version);
    }
    return versions;
  }

  private forgetAll(): void {
    this.known.clear();
    this.productsKnown.clear();
    this.lastNotice.clear();
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
        const versions = row ?? { content: 0, catalog: 0, posts: 0 };
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
        if (channel !== SITE_VERSIONS_CHANNEL) return;
        const { site, product } = noticeParts(payload);
        handlers?.changed(site, product);
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
        .listen(SITE_VERSIONS_CHANNEL, (payload) => {
          const { site, product } = noticeParts(payload);
          h.changed(site, product);
        })
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
