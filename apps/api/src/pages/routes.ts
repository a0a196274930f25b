import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { ensureCrumb } from '../security/crumb';
import { findSession } from '../site-users/sessions';
import { renderPage, type StorefrontAssets } from './render-page';

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
  websiteId: string;
  /** Read per request in development would be wasteful; the caller decides (cached in production). */
  assets: () => StorefrontAssets;
}

export function registerPageRoutes(app: FastifyInstance, options: PageRouteOptions): void {
  let assets: StorefrontAssets | undefined;
  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://site.local');
    if (url.pathname.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No API route ${request.method} ${url.pathname}` } });
    }
    const query = PageQuery.safeParse(request.query);
    const format = query.success ? query.data.format : undefined;
    assets ??= options.assets();
    ensureCrumb(request, reply);
    const page = await renderPage(
      options.db,
      options.websiteId,
      safeDecode(url.pathname),
      Object.fromEntries(url.searchParams),
      assets,
      { member: Boolean(await findSession(options.db, options.websiteId, request)), now: new Date() },
    );
    if (!page) return reply.status(503).send({ error: { code: 'SITE_MISSING', message: 'This site has not been set up yet' } });
    // A moved page keeps its query string (campaign tags, filters) at the new address.
    if (page.location) return reply.redirect(page.location + url.search, page.status as 301 | 302);
    if (page.errors.length) request.log.warn({ errors: page.errors.slice(0, 10), path: url.pathname }, 'template errors');
    reply.status(page.status);
    if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(page.context));
    if (format === 'json-pretty') {
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(page.context, null, 2));
    }
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}
