import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { siteDomains, websites } from '../db/schema';
import { bindLogFields } from '../http/request-log';
import { siteMessages } from './messages';

/** The site a request is for, resolved from its Host before any route runs. */
export interface RequestSite {
  websiteId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The site this request is for. Every route reads the site from here and nowhere else: there is
     * no app-wide site id, so a handler cannot reach another site's rows by forgetting a filter.
     */
    site: RequestSite;
  }
}

/** Hosts that always serve the configured (demo) site: a developer's machine and the tests. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
/**
 * A resolved host is kept this long per process. Removing a domain or a site forgets its hosts in
 * the process that removed it. A removed site is forgotten by the others too, when the change feed
 * tells them (app.ts); a removed custom domain is served by them until their entry expires.
 */
const HIT_TTL_MS = 60_000;
const MAX_CACHED_HOSTS = 10_000;

export interface SiteResolutionOptions {
  db: Database;
  /** The site localhost serves (and every host, when BASE_DOMAIN is unset and no domain matches). */
  defaultWebsiteId: string;
  /**
   * Sites live at `<slug>.<baseDomain>`; a host under it that is no site's answers 404, and so does
   * any other host that is no site's custom domain. Unset: a single-site deployment.
   */
  baseDomain?: string;
}

/** Lower case, no port, no trailing dot: the form hosts are stored in `site_domains`. */
export function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const bare = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.replace(/:\d*$/, '');
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
}

export function createSiteResolver({ db, defaultWebsiteId, baseDomain }: SiteResolutionOptions) {
  const base = baseDomain ? normaliseHost(baseDomain) : undefined;
  const hits = new Map<string, { websiteId: string; at: number }>();
  return {
    /** The site serving `host`, or undefined when this deployment has none there. */
    async resolve(host: string): Promise<string | undefined> {
      const name = normaliseHost(host);
      if (LOCAL_HOSTS.has(name) || name === '' || name === base) return defaultWebsiteId;
      const now = Date.now();
      const hit = hits.get(name);
      if (hit && now - hit.at < HIT_TTL_MS) return hit.websiteId;
      // Only verified domains of sites that were not removed route.
      const [row] = await db
        .select({ websiteId: siteDomains.websiteId })
        .from(siteDomains)
        .innerJoin(websites, eq(websites.id, siteDomains.websiteId))
        .where(
          and(eq(siteDomains.host, name), isNotNull(siteDomains.verifiedAt), isNull(websites.deletedAt)),
        );
      if (row) {
        if (hits.size >= MAX_CACHED_HOSTS) hits.clear();
        hits.set(name, { websiteId: row.websiteId, at: now });
        return row.websiteId;
      }
      // Misses are never cached: a site created on another process answers on its next request.
      return base ? undefined : defaultWebsiteId;
    },
    /** Drops what this process remembers of these hosts (a removed domain), or of every host of a site. */
    forget(which: { hosts: readonly string[] } | { websiteId: string }): void {
      if ('hosts' in which) for (const host of which.hosts) hits.delete(normaliseHost(host));
      else for (const [host, hit] of hits) if (hit.websiteId === which.websiteId) hits.delete(host);
    },
    /** The site served on the local hosts: never removable, it is what a deployment falls back to. */
    defaultWebsiteId,
  };
}
export type SiteResolver = ReturnType<typeof createSiteResolver>;

/**
 * Sets `request.site` from the Host header (X-Forwarded-Host only from a TRUST_PROXY proxy, as
 * Fastify's `request.hostname` does) before anything else runs. A host no site answers on is a 404
 * before any route, rate limit or static file.
 */
export function registerSiteResolution(app: FastifyInstance, options: SiteResolutionOptions): SiteResolver {
  const resolver = createSiteResolver(options);
  app.decorateRequest('site', null as unknown as RequestSite);
  app.addHook('onRequest', async (request, reply) => {
    const websiteId = await resolver.resolve(hostOf(request));
    if (!websiteId) {
      return reply
        .status(404)
        .send({ error: { code: 'SITE_NOT_FOUND', message: siteMessages.siteNotFound } });
    }
    request.site = { websiteId };
    bindLogFields(request, { site: websiteId });
  });
  return resolver;
}

function hostOf(request: FastifyRequest): string {
  // `hostname` is the trusted proxy's X-Forwarded-Host when there is one, else the Host header.
  return request.hostname ?? '';
}
