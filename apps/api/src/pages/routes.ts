import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { z } from 'zod';
import type { Database } from '../db/client';
import { ensureCrumb } from '../security/crumb';
import { findSession } from '../security/sessions';
import { joinedAreaIds } from '../member-areas/area-store';
import { filterCacheKey, listFilter } from '../site/list-filter';
import { requestedPage } from '../site/pagination';
import { PageCache, type CachedPage } from './page-cache';
import { encodePage, prefersBrotli } from './page-encoding';
import type { SiteAssets } from '../site/assets';
import { renderPage, type RenderedPage } from './render-page';
import { SiteSnapshots } from './site-snapshot';
import { renderErrorPage } from './error-page';
import { collectionRss } from './feeds';
import { loadWebsite } from '../site/site-data';
import { PAGE_UNLOCK_COOKIE_PREFIX } from '../site/locks';
import {
  canEdit,
  messages,
  siteThemeSchema,
  THEME_PREVIEW_PARAM,
  VISITOR_COUNTRY_HEADER,
  visitorRegion,
} from '@site/page-content';
import type { SiteVersionStore } from './site-versions';

// A malformed escape (`/%E0%A4%A`) is a path nobody has: render it as given, then 404.
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const PageQuery = z.object({ format: z.enum(['json', 'json-pretty', 'rss']).optional() }).passthrough();

export interface PageRouteOptions {
  db: Database;
  /** Read per request in development would be wasteful; the caller decides (cached in production). */
  assets: () => SiteAssets;
  /** The sites' counters a cached page must match (kept in memory while commits are told). */
  versions: SiteVersionStore;
  /**
   * Bytes of rendered pages kept in memory: 32 MB by default, some 10 000 pages as browsers take
   * them (compressed), four times what 64 MB of text held.
   */
  cacheBytes?: number;
  /** Sites whose snapshot (site-snapshot.ts) is held in memory (default 256). */
  snapshotSites?: number;
  /** The install has an address provider: the checkout offers suggestions. */
  addressAutocomplete?: boolean;
}

const CONTENT_TYPE = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8' };

export function registerPageRoutes(app: FastifyInstance, options: PageRouteOptions): void {
  let assets: SiteAssets | undefined;
  const cache = new PageCache(options.cacheBytes ?? 32 * 1024 * 1024);
  const snapshots = new SiteSnapshots(options.db, options.snapshotSites);
  app.get('/*', async (request, reply) => {
    // A cached hit needs only the path; the query is parsed when there is one (a visible share of a hit).
    const mark = request.url.indexOf('?');
    const { pathname } = new URL(mark === -1 ? request.url : request.url.slice(0, mark), 'http://site.local');
    if (pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No API route ${request.method} ${pathname}` } });
    }
    const parsed = mark === -1 ? undefined : PageQuery.safeParse(request.query);
    const format = parsed?.success ? parsed.data.format : undefined;
    const search = mark === -1 ? '' : request.url.slice(mark);
    if (format === 'rss') {
      const feed = await collectionRss(
        options.db,
        request.site.websiteId,
        safeDecode(pathname),
        `${request.protocol}://${request.host}`,
        new Date(),
      );
      if (!feed)
        return reply
          .status(404)
          .send({ error: { code: 'NOT_FOUND', message: messages.unableToLocateContent } });
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(feed);
    }
    assets ??= options.assets();
    // Per visitor, so outside the cached page: the crumb cookie, and whether a member is signed in.
    const crumb = ensureCrumb(request, reply);
    const { websiteId } = request.site;
    const [session, versions] = await Promise.all([
      findSession(options.db, request),
      options.versions.get(websiteId),
    ]);
    // The member areas a signed-in visitor joined decide which pages open to them: in the cache's
    // key, so joining shows the page at once and an answer rendered for a member never reaches
    // someone who is not one.
    const memberAreaIds = session ? await joinedAreaIds(options.db, session.id) : [];
    const path = safeDecode(pathname);
    // The origin is in the key because pages carry absolute URLs (Open Graph tags).
    // Members by id and language: the page context names the signed-in account, its roles and locale.
    const origin = `${request.protocol}://${request.host}`;
    const query: Record<string, string> = mark === -1 ? {} : Object.fromEntries(new URLSearchParams(search));
    // `?theme-preview=<id>`: the site's editors see it in another theme before applying it; anyone
    // else gets the site as it is.
    const preview = siteThemeSchema.safeParse(query[THEME_PREVIEW_PARAM]);
    const themePreview = preview.success && session && canEdit(session.roles) ? preview.data : undefined;
    // Opt-in may apply to visitors in some countries only: one cached answer per region class.
    const region = visitorRegion(request.headers[VISITOR_COUNTRY_HEADER]);
    const key = `${websiteId}\n${origin}\n${region}\n${session ? `member:${session.id}:${session.locale ?? ''}:${memberAreaIds.join(',')}` : 'visitor'}\n${format ?? 'html'}\n${themePreview ? `theme:${themePreview}\n` : ''}${path}${filterCacheKey(listFilter(query), requestedPage(query))}${path === '/search' ? `\nq:${(query.q ?? '').trim()}` : ''}`;
    const now = new Date();
    // Search results include the locked pages a visitor unlocked: with an unlock cookie the answer
    // is theirs alone, neither taken from the cache nor kept in it.
    const ownSearch =
      path === '/search' && Object.keys(request.cookies).some((n) => n.startsWith(PAGE_UNLOCK_COOKIE_PREFIX));
    let kept = ownSearch ? undefined : cache.get(key, versions, now.getTime());
    if (kept?.products && !(await options.versions.productsCurrent(websiteId, kept.products))) {
      cache.delete(key);
      kept = undefined;
    }
    // Whether the answer was kept from before: tests and operators see the cache at work.
    reply.header('x-page-cache', kept ? 'hit' : 'miss');
    // The body as sent: brotli's bytes (with their header) or the text; any other encoding is
    // left to @fastify/compress, as for every other answer.
    const brotli = prefersBrotli(request.headers['accept-encoding']);
    let answer: Omit<CachedPage, 'products'>;
    if (kept) answer = { ...kept, body: cache.bodyFor(key, kept, brotli), brotli };
    else {
      const mark = options.versions.mark();
      let page: RenderedPage | undefined;
      try {
        const site = await snapshots.get(websiteId, versions);
        page =
          site &&
          (await renderPage(options.db, site, path, query, assets, {
            member: Boolean(session),
            account: session ? { id: session.id, roles: session.roles, locale: session.locale } : undefined,
            now,
            cookies: request.cookies,
            crumb,
            origin,
            themePreview,
            region,
            addressAutocomplete: options.addressAutocomplete,
            memberAreaIds: new Set(memberAreaIds),
          }));
      } catch (err) {
        // Type 101: visitors get a friendly page (never JSON or a stack trace), the log gets the details.
        // The database restarting is no fault of the page: the visitor may try again in a moment.
        const unavailable = isDatabaseUnavailable(err);
        if (unavailable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        else request.log.error({ err, path }, 'page failed');
        const status = unavailable ? 503 : 500;
        if (format)
          return reply
            .status(status)
            .send({ error: { code: unavailable ? 'UNAVAILABLE' : 'INTERNAL', message: messages.errorPage } });
        const website = await loadWebsite(options.db, websiteId).catch(() => undefined);
        return reply
          .status(status)
          .type(CONTENT_TYPE.html)
          .header('cache-control', 'no-store')
          .send(renderErrorPage(website, path, assets));
      }
      if (!page)
        return reply
          .status(503)
          .send({ error: { code: 'SITE_MISSING', message: 'This site has not been set up yet' } });
      if (page.errors.length) request.log.warn({ errors: page.errors.slice(0, 10), path }, 'template errors');
      const text = Buffer.from(
        format ? JSON.stringify(page.context, null, format === 'json-pretty' ? 2 : undefined) : page.html,
      );
      answer = {
        status: page.status,
        location: page.location,
        contentType: format ? CONTENT_TYPE.json : CONTENT_TYPE.html,
        content: versions.content,
        catalog: page.cache?.catalog ? versions.catalog : undefined,
        posts: page.cache?.posts ? versions.posts : undefined,
        until: page.cache?.until,
        body: brotli ? encodePage(text) : text,
        brotli,
      };
      // A page showing products is kept only with their counters as of its rendering.
      const shown = page.cache?.products ?? [];
      const products = shown.length
        ? await options.versions.productsTag(websiteId, shown, mark, page.cache?.productVersions)
        : undefined;
      if (page.cache && !ownSearch && (!shown.length || products)) cache.set(key, { ...answer, products });
    }
    // A shared cache in front must keep one answer per encoding.
    reply.header('vary', 'accept-encoding');
    // A moved page keeps its query string (campaign tags, filters) at the new address.
    if (answer.location)
      return reply.redirect(answer.location + (search.length > 1 ? search : ''), answer.status as 301 | 302);
    if (answer.brotli) reply.header('content-encoding', 'br');
    return reply.status(answer.status).type(answer.contentType).send(answer.body);
  });
}
