import type { Block } from '@site/page-content';
import type { Database } from '../db/client';
import { componentsById } from '../site/component-store';
import { loadHeaderFooter, type VersionedHeaderFooter } from '../site/header-footer-store';
import { loadLocks, type Locks } from '../site/locks';
import { loadNavigation, type NavigationTrees } from '../site/navigation-store';
import {
  loadPages,
  loadTemplateSources,
  loadWebsite,
  type PageRow,
  type WebsiteRow,
} from '../site/site-data';
import { loadMemberAreas, type AreaGate } from '../member-areas/area-store';
import type { SiteVersions } from './site-versions';

export type TemplateSources = ReadonlyMap<string, { source: string; version: string }>;
export type SiteComponents = ReadonlyMap<string, { name: string; blocks: Block[] }>;

/**
 * What every page of a site is drawn from besides its products, posts, forms and files: rows whose
 * every write bumps the site's `content` counter (migrations 0008, 0013, 0052, 0054), so one read
 * serves every page rendered under the same counter. Frozen: a render that changed it would change
 * the next visitor's page.
 */
export interface SiteSnapshot {
  website: WebsiteRow;
  /** In navigation order, as stored (renderPage translates them per request). */
  pages: readonly PageRow[];
  /** The site's own templates; the theme's fill in the rest per request. */
  templates: TemplateSources;
  headerFooter: VersionedHeaderFooter;
  locks: Locks;
  navigation: NavigationTrees;
  memberAreas: readonly AreaGate[];
  /** Website components, read the first time a page places one (most pages place none). */
  components(): Promise<SiteComponents>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    // A Date stays usable frozen; a Map's entries are its own to freeze (its methods still mutate).
    if (value instanceof Map) for (const v of value.values()) deepFreeze(v);
    else for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The site's snapshot as of now, or undefined when there is no such site. */
export async function readSiteSnapshot(db: Database, websiteId: string): Promise<SiteSnapshot | undefined> {
  const website = await loadWebsite(db, websiteId);
  if (!website) return undefined;
  const [pages, templates, headerFooter, locks, memberAreas] = await Promise.all([
    loadPages(db, websiteId),
    loadTemplateSources(db, websiteId),
    loadHeaderFooter(db, website),
    loadLocks(db, websiteId),
    loadMemberAreas(db, websiteId),
  ]);
  const navigation = await loadNavigation(db, websiteId, pages);
  let components: Promise<SiteComponents> | undefined;
  return deepFreeze({
    website,
    pages,
    templates,
    headerFooter,
    locks,
    navigation,
    memberAreas,
    components: () => {
      components ??= componentsById(db, websiteId).then(deepFreeze);
      // A failed read is not kept: the next page placing a component tries again.
      components.catch(() => (components = undefined));
      return components;
    },
  });
}

interface Held {
  content: number;
  snapshot: Promise<SiteSnapshot | undefined>;
}

/**
 * One snapshot per site for the `content` counter the page cache checks, so a page rendered
 * uncached reads only what it shows beyond the snapshot (products, posts, forms). The counters
 * come from the same SiteVersionStore the page cache trusts, under the same notice rules (read
 * from the database while not listening), and a snapshot is read after its counter: its rows are
 * at least as new as any committed change the page cache would honour. Requests under the same
 * counter share one read. At most `maxSites` sites are held, least recently used dropped first.
 */
export class SiteSnapshots {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly db: Database,
    private readonly maxSites = 256,
  ) {}

  get(websiteId: string, versions: SiteVersions): Promise<SiteSnapshot | undefined> {
    const found = this.held.get(websiteId);
    this.held.delete(websiteId);
    if (found && found.content === versions.content) {
      this.held.set(websiteId, found);
      return found.snapshot;
    }
    const held: Held = { content: versions.content, snapshot: readSiteSnapshot(this.db, websiteId) };
    this.held.set(websiteId, held);
    for (const oldest of this.held.keys()) {
      if (this.held.size <= this.maxSites) break;
      this.held.delete(oldest);
    }
    // Neither a failed read nor a missing site is kept: a site created later bumps no counter.
    const forget = () => {
      if (this.held.get(websiteId) === held) this.held.delete(websiteId);
    };
    held.snapshot.then((snapshot) => snapshot ?? forget(), forget);
    return held.snapshot;
  }

  /** How many sites are held (the memory bound's test reads it). */
  get size(): number {
    return this.held.size;
  }
}
