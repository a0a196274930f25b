import { messages, pageVisibility, readPageSeo, robotsTxt, storedRobotsAdditions } from '@site/page-content';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { visiblePost } from '../blog/blog-store';
import type { Database } from '../db/client';
import { blogPosts, collectionItems, products } from '../db/schema';
import { loadLocks, lockFor } from '../site/locks';
import { loadMemberAreas } from '../member-areas/area-store';
import { PAGE_TYPE } from '../site/page-type';
import { loadPages, loadWebsite, type PageRow, type WebsiteRow } from '../site/site-data';

/** Search engines read at most 50 000 URLs from one sitemap; past that a sitemap index is needed. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Newest posts a blog's RSS feed carries. */
const FEED_ITEMS = 20;

/** Pages that are the shop's machinery, not content: never in a sitemap. */
const NOT_CONTENT = new Set<number>([
  PAGE_TYPE.notFound,
  PAGE_TYPE.error,
  PAGE_TYPE.search,
  PAGE_TYPE.lockScreen,
  PAGE_TYPE.popupOverlay,
  PAGE_TYPE.protectedContent,
  PAGE_TYPE.accessDenied,
  PAGE_TYPE.paywall,
  PAGE_TYPE.cart,
  PAGE_TYPE.checkout,
  PAGE_TYPE.orderConfirmed,
  PAGE_TYPE.cartV2,
  PAGE_TYPE.subscriptionConfirmed,
  PAGE_TYPE.orderReceived,
  PAGE_TYPE.membershipConfirmed,
  PAGE_TYPE.reviewsRequest,
  PAGE_TYPE.orderStatus,
  PAGE_TYPE.newsletterUnsubscribe,
  PAGE_TYPE.commerceEmailPreview,
]);

const xml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * The pages anyone may find: enabled, published (or scheduled and due), not members-only, not
 * behind a password or in a member area, not a folder or the shop's machinery, and not hidden by their owner.
 */
function publicPages(all: PageRow[], locked: (page: PageRow) => boolean, now: Date): PageRow[] {
  return all.filter(
    (p) =>
      p.enabled &&
      p.kind !== 'folder' &&
      !NOT_CONTENT.has(p.pageType) &&
      pageVisibility(p.status, p.publishAt, now) === 'visible' &&
      !locked(p) &&
      !readPageSeo(p.seo).noindex,
  );
}

const gatedPageIds = async (db: Database, websiteId: string) =>
  new Set((await loadMemberAreas(db, websiteId)).flatMap((a) => a.pageIds));

/** A product or post its owner did not hide from search engines (seo.noindex of itemSeoSchema). */
const notHidden = (seo: typeof products.seo | typeof blogPosts.seo): SQL =>
  sql`coalesce((${seo} ->> 'noindex') <> 'true', true)`;

interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

export async function sitemapEntries(db: Database, websiteId: string, now: Date): Promise<SitemapEntry[]> {
  const [all, locks, gated] = await Promise.all([
    loadPages(db, websiteId),
    loadLocks(db, websiteId),
    gatedPageIds(db, websiteId),
  ]);
  const pages = publicPages(all, (p) => lockFor(locks, p.id).length > 0 || gated.has(p.id), now);
  const byId = new Map(pages.map((p) => [p.id, p]));
  const ids = [...byId.keys()];
  const [posts, items] = ids.length
    ? await Promise.all([
        db
          .select({
            collectionId: blogPosts.collectionId,
            urlId: blogPosts.urlId,
            updatedAt: blogPosts.updatedAt,
          })
          .from(blogPosts)
          .where(and(inArray(blogPosts.collectionId, ids), visiblePost(now), notHidden(blogPosts.seo)))
          .orderBy(desc(blogPosts.publishOn)),
        db
          .select({
            collectionId: products.collectionId,
            urlId: products.urlId,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .where(
            and(inArray(products.collectionId, ids), eq(products.enabled, true), notHidden(products.seo)),
          ),
      ])
    : [[], []];
  return [
    ...pages.map((p) => ({ path: p.path, lastmod: p.publishedAt ?? p.updatedAt })),
    ...posts.map((p) => ({ path: `${byId.get(p.collectionId)!.path}/${p.urlId}`, lastmod: p.updatedAt })),
    ...items.map((p) => ({ path: `${byId.get(p.collectionId)!.path}/p/${p.urlId}`, lastmod: p.updatedAt })),
  ];
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${xml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * A collection's feed at `<collection>?format=rss`: RSS 2.0 of a blog's newest visible posts, or a
 * podcast (RSS 2.0 with the iTunes tags podcast apps read) of an album's tracks; undefined when the
 * path is no public blog or album.
 */
export async function collectionRss(
  db: Database,
  websiteId: string,
  path: string,
  origin: string,
  now: Date,
): Promise<string | undefined> {
  const [website, all, locks, gated] = await Promise.all([
    loadWebsite(db, websiteId),
    loadPages(db, websiteId),
    loadLocks(db, websiteId),
    gatedPageIds(db, websiteId),
  ]);
  const page = publicPages(all, (p) => lockFor(locks, p.id).length > 0 || gated.has(p.id), now).find(
    (p) => p.path === path && (p.collectionType === 'blog' || p.collectionType === 'album'),
  );
  if (!website || !page) return undefined;
  if (page.collectionType === 'album') return albumRss(db, website, page, origin);
  const blog = page;
  const posts = await db
    .select()
    .from(blogPosts)
    // A post hidden from search engines stays out of the feed too: aggregators index feeds.
    .where(and(eq(blogPosts.collectionId, blog.id), visiblePost(now), notHidden(blogPosts.seo)))
    .orderBy(desc(blogPosts.publishOn), desc(blogPosts.id))
    .limit(FEED_ITEMS);
  const items = posts.map((post) => {
    const link = `${origin}${blog.path}/${post.urlId}`;
    return [
      '<item>',
      `<title>${xml(post.title)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="false">${xml(post.id)}</guid>`,
      post.publishOn ? `<pubDate>${post.publishOn.toUTCString()}</pubDate>` : '',
      post.author ? `<dc:creator>${xml(post.author)}</dc:creator>` : '',
      ...post.categories.map((c) => `<category>${xml(c)}</category>`),
      post.excerpt ? `<description>${xml(post.excerpt)}</description>` : '',
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xml(`${blog.title} — ${website.title}`)}</title>`,
    `<link>${xml(origin + blog.path)}</link>`,
    `<atom:link href="${xml(`${origin}${blog.path}?format=rss`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(blog.description || blog.title)}</description>`,
    `<language>${xml(website.locale)}</language>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The audio types podcast apps play, by the file's extension; MP3 when it has none known. */
const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
};
const audioType = (src: string) =>
  AUDIO_TYPES[/\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase() ?? ''] ?? 'audio/mpeg';

/** A track's length as podcast apps read it: H:MM:SS. */
export function itunesDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** An album as a podcast: each published track with an audio file is an episode. */
async function albumRss(db: Database, website: WebsiteRow, album: PageRow, origin: string): Promise<string> {
  const tracks = await db
    .select()
    .from(collectionItems)
    .where(and(eq(collectionItems.collectionId, album.id), eq(collectionItems.status, 'published')))
    .orderBy(asc(collectionItems.position), asc(collectionItems.id))
    .limit(FEED_ITEMS);
  const feedUrl = `${origin}${album.path}?format=rss`;
  const items = tracks.flatMap((track) => {
    const src = typeof track.data.src === 'string' ? track.data.src : '';
    if (!src) return [];
    const url = /^https?:\/\//i.test(src) ? src : origin + src;
    const author = typeof track.data.author === 'string' ? track.data.author : '';
    const duration = typeof track.data.durationMs === 'number' ? track.data.durationMs : undefined;
    return [
      [
        '<item>',
        `<title>${xml(track.title)}</title>`,
        `<link>${xml(`${origin}${album.path}`)}</link>`,
        `<guid isPermaLink="false">${xml(track.id)}</guid>`,
        `<pubDate>${track.updatedAt.toUTCString()}</pubDate>`,
        // The size is not stored; 0 is what feeds give when they do not know it.
        `<enclosure url="${xml(url)}" length="0" type="${audioType(src)}"/>`,
        author ? `<itunes:author>${xml(author)}</itunes:author>` : '',
        duration !== undefined ? `<itunes:duration>${itunesDuration(duration)}</itunes:duration>` : '',
        track.body ? `<description>${xml(track.body)}</description>` : '',
        '</item>',
      ].join(''),
    ];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xml(`${album.title} — ${website.title}`)}</title>`,
    `<link>${xml(origin + album.path)}</link>`,
    `<atom:link href="${xml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(album.description || album.title)}</description>`,
    `<language>${xml(website.locale)}</language>`,
    `<itunes:author>${xml(website.title)}</itunes:author>`,
    '<itunes:explicit>false</itunes:explicit>',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** /sitemap.xml and /robots.txt; a blog's or album's RSS answers at `<collection>?format=rss` (routes.ts). */
/**
 * What a sitemap address answers: `/sitemap.xml` is the one list, or past `limit` URLs an index of
 * numbered lists (`part` 1, 2, …: `/sitemap-1.xml`); undefined for a part that does not exist.
 */
export function sitemapFile(
  origin: string,
  entries: readonly SitemapEntry[],
  limit: number,
  part?: number,
): string | undefined {
  const parts = Math.ceil(entries.length / limit);
  if (part === undefined) {
    if (parts <= 1) return sitemapXml(origin, entries);
    const maps = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${xml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
  }
  if (parts <= 1 || !Number.isInteger(part) || part < 1 || part > parts) return undefined;
  return sitemapXml(origin, entries.slice((part - 1) * limit, part * limit));
}

export function registerFeedRoutes(
  app: FastifyInstance,
  { db, sitemapUrlLimit = SITEMAP_URL_LIMIT }: { db: Database; sitemapUrlLimit?: number },
): void {
  const sendSitemap = async (request: FastifyRequest, reply: FastifyReply, part?: number) => {
    const origin = `${request.protocol}://${request.host}`;
    const entries = await sitemapEntries(db, request.site.websiteId, new Date());
    const body = sitemapFile(origin, entries, sitemapUrlLimit, part);
    if (body === undefined)
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: messages.unableToLocateContent } });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  };
  app.get('/sitemap.xml', (request, reply) => sendSitemap(request, reply));
  app.get('/sitemap-*', (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec((request.params as { '*': string })['*']);
    return sendSitemap(request, reply, match ? Number(match[1]) : 0);
  });
  app.get('/robots.txt', async (request, reply) => {
    const website = await loadWebsite(db, request.site.websiteId);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(robotsTxt(`${request.protocol}://${request.host}`, storedRobotsAdditions(website?.settings)));
  });
}
