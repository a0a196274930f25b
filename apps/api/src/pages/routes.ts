import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { ensureCrumb } from '../security/crumb';
import { findSession } from '../site-users/sessions';
import { filterCacheKey, listFilter } from './list-filter';
import { PageCache } from './page-cache';
import { renderPage, type RenderedPage, type StorefrontAssets } from './render-page';
import { renderErrorPage } from './error-page';
import { loadWebsite } from './site-data';
import { messages } from '@site/page-content';
import type { SiteVersionStore } from './site-versions';

// A malformed escape (`/%E0%A4%A`) is a path nobody has: render it as given, then 404.
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const PageQuery = z.object({ format: z.enum(['json', 'json-pretty']).optional() }).passthrough();

export interface PageRouteOptions {
  db: Database;
  /** Read per request in development would be wasteful; the caller decides (cached in production). */
  assets: () => StorefrontAssets;
  /** The sites' counters a cached page must match (kept in memory while commits are told). */
  versions: SiteVersionStore;
  /** Bytes of rendered pages kept in memory (default 64 MB). */
  cacheBytes?: number;
}

const CONTENT_TYPE = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8' };

export function registerPageRoutes(app: FastifyInstance, options: PageRouteOptions): void {
  let assets: StorefrontAssets | undefined;
  const cache = new PageCache(options.cacheBytes ?? 64 * 1024 * 1024);
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
    assets ??= options.assets();
    // Per visitor, so outside the cached page: the crumb cookie, and whether a member is signed in.
    const crumb = ensureCrumb(request, reply);
    const { websiteId } = request.site;
    const [session, versions] = await Promise.all([findSession(options.db, request), options.versions.get(websiteId)]);
    const path = safeDecode(pathname);
    // The origin is in the key because pages carry absolute URLs (Open Graph tags).
    // Members by id: the page context names the signed-in account and its roles.
    const origin = `${request.protocol}://${request.host}`;
    const query: Record<string, string> = mark === -1 ? {} : Object.fromEntries(new URLSearchParams(search));
    const key = `${websiteId}\n${origin}\n${session ? `member:${session.id}` : 'visitor'}\n${format ?? 'html'}\n${path}${filterCacheKey(listFilter(query))}`;
    const now = new Date();
    let answer = cache.get(key, versions, now.getTime());
    if (!answer) {
      let page: RenderedPage | undefined;
      try {
        page = await renderPage(
          options.db,
          websiteId,
          path,
          query,
          assets,
          {
            member: Boolean(session),
            account: session ? { id: session.id, roles: session.roles } : undefined,
            now,
            cookies: request.cookies,
            crumb,
            origin,
          },
        );
      } catch (err) {
        // Type 101: visitors get a friendly page (never JSON or a stack trace), the log gets the details.
        request.log.error({ err, path }, 'page failed');
        if (format)
          return reply.status(500).send({ error: { code: 'INTERNAL', message: messages.errorPage } });
        const website = await loadWebsite(options.db, websiteId).catch(() => undefined);
        return reply
          .status(500)
          .type(CONTENT_TYPE.html)
          .header('cache-control', 'no-store')
          .send(renderErrorPage(website, path, assets));
      }
      if (!page)
        return reply
          .status(503)
          .send({ error: { code: 'SITE_MISSING', message: 'This site has not been set up yet' } });
      if (page.errors.length)
        request.log.warn({ errors: page.errors.slice(0, 10), path }, 'template errors');
      answer = {
        status: page.status,
        location: page.location,
        contentType: format ? CONTENT_TYPE.json : CONTENT_TYPE.html,
        body: Buffer.from(
          format ? JSON.stringify(page.context, null, format === 'json-pretty' ? 2 : undefined) : page.html,
        ),
        content: versions.content,
        catalog: page.cache?.catalog ? versions.catalog : undefined,
        until: page.cache?.until,
      };
      if (page.cache) cache.set(key, answer);
    }
    // A moved page keeps its query string (campaign tags, filters) at the new address.
    if (answer.location) return reply.redirect(answer.location + (search.length > 1 ? search : ''), answer.status as 301 | 302);
    return reply.status(answer.status).type(answer.contentType).send(answer.body);
  });
}
