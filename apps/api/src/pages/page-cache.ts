import { decodePage, encodePage } from './page-encoding';
import type { ProductsTag, SiteVersions } from './site-versions';

/** A page answer as sent, and what it was rendered under. */
export interface CachedPage {
  status: number;
  location?: string;
  contentType: string;
  /** Encoded once: every hit would otherwise encode the whole page again. */
  body: Buffer;
  /**
   * The body is brotli-compressed (page-encoding.ts): kept so once a browser asked for it, since
   * compressing a page on every hit cost ten times the rest of the hit, and it takes about an
   * eighth of the text's bytes. Other visitors get it decompressed.
   */
  brotli: boolean;
  content: number;
  /** Absent unless the page lists products (which and in what order follow the catalog). */
  catalog?: number;
  /** Absent unless the page shows blog posts (search results, a blog's list, a post and its comments). */
  posts?: number;
  /** The products the page shows, whose own changes (a sale, a price) drop it and no other page. */
  products?: ProductsTag;
  /** When a scheduled page goes live, the menus and folder indexes rendered before it are wrong (ms). */
  until?: number;
}

/**
 * Rendered pages by site, viewer kind, format and path, kept while the site's counters match.
 * Bounded by the bytes of the bodies it holds; least recently used go first.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, versions: SiteVersions, now: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const current =
      entry.content === versions.content &&
      (entry.catalog === undefined || entry.catalog === versions.catalog) &&
      (entry.posts === undefined || entry.posts === versions.posts) &&
      (entry.until === undefined || now < entry.until);
    this.entries.delete(key);
    if (!current) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Forgets a page found old by what `get` cannot check alone (its products' counters). */
  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  /**
   * A kept page's body as the visitor takes it: brotli's bytes or the text. The first visitor
   * taking brotli compresses a page kept as text, and it is kept compressed from then on.
   */
  bodyFor(key: string, entry: CachedPage, brotli: boolean): Buffer {
    if (brotli === entry.brotli) return entry.body;
    if (!brotli) return decodePage(entry.body);
    const body = encodePage(entry.body);
    if (this.entries.get(key) === entry) this.set(key, { ...entry, body, brotli });
    return body;
  }

  set(key: string, entry: CachedPage): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    if (entry.body.length > this.maxBytes / 8) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.body.length;
    }
  }
}
