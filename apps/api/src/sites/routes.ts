import { Resolver } from 'node:dns/promises';
import {
  addDomainSchema,
  captchaSettingsSchema,
  createdSiteSchema,
  handoffSchema,
  removedSiteFoundSchema,
  removedSiteSchema,
  removeSiteSchema,
  restoredSiteSchema,
  restoreSiteSchema,
  siteAdminMessages,
  siteDomainSchema,
  siteDomainsSchema,
  siteSignUpSchema,
  SITES_API,
  ROBOTS_API,
  robotsAdditionsSchema,
  storedRobotsAdditions,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, handle, parsePayload } from '../http';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { createRoleGuard, guardedMember } from '../http';
import { siteCaptchaKey } from '../security/captcha';
import { recordActivity } from '../activity/activity-log';
import { loadWebsite } from '../site/site-data';
import { websites } from '../db/schema';
import { requireCrumb } from '../security/crumb';
import { createMemoryLoginGuard, loginGuardKey, type LoginGuard } from '../security/login-guard';
import { normalizeEmail } from '../security/members';
import { memberMessages } from '../security/member-messages';
import { clearSessionCookies, createSession, setSessionCookies } from '../security/sessions';
import { createSite } from './create-site';
import { addDomain, listDomains, removeDomain, verifyDomain, type TxtResolver } from './domains';
import { createHandoff, spendHandoff } from './handoff';
import type { SiteResolver } from './request-site';
import { siteMessages } from './messages';
import { removeSite } from './remove-site';
import { findOwnedRemovedSite, restoreSite } from './restore-site';

export const SITES_PATH = SITES_API.sites;

export interface SiteRouteOptions {
  db: Database;
  /** Sites are created under it; without one this deployment serves one site and creates none. */
  baseDomain?: string;
  /** Told when a domain or a site goes, so this process stops routing it at once. */
  resolver: SiteResolver;
  /** Where custom-domain TXT records are looked up (node:dns by default; tests bring their own server). */
  resolveTxt?: TxtResolver;
  /** Counts wrong passwords on the restore calls, as on sign-in (in memory when absent). */
  loginGuard?: LoginGuard;
}

function systemTxtResolver(): TxtResolver {
  // A verification click must not hang on a dead name server: a few seconds, then "not found yet".
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  return (name) => resolver.resolveTxt(name);
}

const HostParams = z.object({ host: z.string().max(300) });

/**
 * Owner sign-up, the hand-over of the new site's first session to its own host, custom domains and
 * removing a site. Sign-up happens on any host; everything else is the owner's, on the site's host.
 */
export function registerSiteRoutes(
  app: FastifyInstance,
  { db, baseDomain, resolver, resolveTxt = systemTxtResolver(), loginGuard }: SiteRouteOptions,
): void {
  const editor = createRoleGuard({ db });
  const guard = loginGuard ?? createMemoryLoginGuard();
  // Domains and removal decide who reaches the site at all: the owner's alone, not an editor's.
  const owner = (write: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    await (write ? editor.write : editor.read)(request, reply);
    if (reply.sent) return reply;
    if (!guardedMember(request).roles.includes('owner')) {
      return reply.status(403).send({ error: { code: 'FORBIDDEN', message: siteAdminMessages.ownerOnly } });
    }
  };

  app.post(
    SITES_PATH,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      if (!baseDomain) throw new ApiError(404, 'SIGN_UP_CLOSED', siteMessages.signUpClosed);
      const body = parsePayload(siteSignUpSchema, request.body);
      const { ownerId, ...site } = await createSite(db, body, baseDomain, request.protocol);
      const token = await createHandoff(db, ownerId);
      return reply.status(201).send({ ...site, signInUrl: `${site.editorUrl}#handoff=${token}` });
    }),
  );

  /**
   * A removed site's hosts answer 404, so its owner finds it from any other host by its address,
   * email and password. Wrong passwords count towards the same lock as sign-in's (own keys).
   */
  const ownedRemovedSite = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parsePayload(restoreSiteSchema, request.body);
    const key = loginGuardKey(`restore:${normalizeEmail(body.email)}`, request.ip);
    const wait = await guard.lockedFor(key);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', memberMessages.tooManyAttempts, {
        retryAfterSeconds: wait,
      });
    }
    try {
      const site = await findOwnedRemovedSite(db, body, baseDomain, new Date());
      await guard.succeeded(key);
      return site;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) await guard.failed(key);
      throw err;
    }
  };

  app.post(
    SITES_API.removedSite,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const { websiteId: _id, ownerId: _owner, ...site } = await ownedRemovedSite(request, reply);
      return site;
    }),
  );

  app.post(
    SITES_API.restoreSite,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const site = await ownedRemovedSite(request, reply);
      await restoreSite(db, site.websiteId, new Date());
      const token = await createHandoff(db, site.ownerId);
      return {
        restored: true,
        host: site.host,
        signInUrl: `${request.protocol}://${site.host}/config#handoff=${token}`,
      };
    }),
  );

  app.post(
    SITES_API.handoff,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const { token } = parsePayload(handoffSchema, request.body);
      const memberId = await spendHandoff(db, request.site.websiteId, token);
      if (!memberId) throw new ApiError(400, 'HANDOFF_INVALID', siteAdminMessages.handoffInvalid);
      const session = await createSession(db, memberId, true);
      setSessionCookies(request, reply, { token: session.token, memberId, rememberMe: true });
      return { xsrfToken: session.xsrfToken };
    }),
  );

  app.get(
    SITES_API.domains,
    { preHandler: owner(false) },
    handle(async (request) => ({ domains: await listDomains(db, request.site.websiteId) })),
  );

  app.post(
    SITES_API.domains,
    { preHandler: owner(true) },
    handle(async (request, reply) => {
      const { host } = parsePayload(addDomainSchema, request.body);
      return reply.status(201).send(await addDomain(db, request.site.websiteId, host, baseDomain));
    }),
  );

  app.post(
    '/api/editor/domains/:host/verify',
    { preHandler: owner(true) },
    handle(async (request) => {
      const { host } = parsePayload(HostParams, request.params);
      return verifyDomain(db, request.site.websiteId, host, resolveTxt);
    }),
  );

  app.delete(
    '/api/editor/domains/:host',
    { preHandler: owner(true) },
    handle(async (request) => {
      const { host } = parsePayload(HostParams, request.params);
      resolver.forget({ hosts: [await removeDomain(db, request.site.websiteId, host)] });
      return { removed: true };
    }),
  );

  // Only the public site key: the provider's secret is server configuration, never a site setting.
  app.get(
    SITES_API.captcha,
    { preHandler: owner(false) },
    handle(async (request) => {
      const site = await loadWebsite(db, request.site.websiteId);
      return { siteKey: siteCaptchaKey(site?.settings) ?? '' };
    }),
  );

  app.put(
    SITES_API.captcha,
    { preHandler: owner(true) },
    handle(async (request) => {
      const { siteKey } = parsePayload(captchaSettingsSchema, request.body);
      await db.transaction(async (tx) => {
        const [site] = await tx
          .select({ settings: websites.settings })
          .from(websites)
          .where(eq(websites.id, request.site.websiteId))
          .for('update');
        const { captchaSettings: _old, ...rest } = (site?.settings ?? {}) as Record<string, unknown>;
        const settings = siteKey ? { ...rest, captchaSettings: { siteKey } } : rest;
        await tx.update(websites).set({ settings }).where(eq(websites.id, request.site.websiteId));
        await recordActivity(tx, request.site.websiteId, guardedMember(request), {
          kind: 'settings-changed',
          subject: 'spam protection key',
        });
      });
      return { siteKey };
    }),
  );

  app.get(
    ROBOTS_API,
    { preHandler: owner(false) },
    handle(async (request) => {
      const site = await loadWebsite(db, request.site.websiteId);
      return { additions: storedRobotsAdditions(site?.settings) };
    }),
  );

  app.put(
    ROBOTS_API,
    { preHandler: owner(true) },
    handle(async (request) => {
      const { additions } = parsePayload(robotsAdditionsSchema, request.body);
      await db.transaction(async (tx) => {
        const [site] = await tx
          .select({ settings: websites.settings })
          .from(websites)
          .where(eq(websites.id, request.site.websiteId))
          .for('update');
        const { robotsAdditions: _old, ...rest } = (site?.settings ?? {}) as Record<string, unknown>;
        const settings = additions ? { ...rest, robotsAdditions: additions } : rest;
        await tx.update(websites).set({ settings }).where(eq(websites.id, request.site.websiteId));
        await recordActivity(tx, request.site.websiteId, guardedMember(request), {
          kind: 'settings-changed',
          subject: 'robots.txt additions',
        });
      });
      return { additions };
    }),
  );

  app.delete(
    SITES_API.site,
    { preHandler: owner(true) },
    handle(async (request, reply) => {
      const { confirmTitle } = parsePayload(removeSiteSchema, request.body ?? {});
      const { websiteId } = request.site;
      if (websiteId === resolver.defaultWebsiteId)
        throw new ApiError(409, 'DEFAULT_SITE', siteAdminMessages.defaultSiteFixed);
      const removed = await removeSite(db, websiteId, confirmTitle);
      resolver.forget({ websiteId });
      clearSessionCookies(reply);
      // Sites exist only under a base domain; its bare name serves the deployment's own site.
      const restoreUrl = `${baseDomain ? `${request.protocol}://${baseDomain}` : ''}/config#restore`;
      return { removed: true, restorableUntil: removed.restorableUntil.toISOString(), restoreUrl };
    }),
  );
}

const tags = ['sites'];
export const siteRouteDocs: RouteDocs = {
  [`POST ${SITES_PATH}`]: {
    summary:
      'Creates a site from the theme with its owner (email, password), title and slug; it answers at <slug>.<BASE_DOMAIN>',
    description:
      'signInUrl opens the editor on the new host and signs the owner in with a one-time token (2 minutes) carried in the URL fragment.',
    tags,
    guard: 'crumb',
    status: 201,
    body: siteSignUpSchema,
    response: createdSiteSchema,
  },
  [`POST ${SITES_API.removedSite}`]: {
    summary:
      "Finds a removed site by its address and its owner's email and password, with the days left to restore it",
    description:
      'Any host (the removed site’s own answer 404). Unknown address, live or purged site, wrong password or not an owner: 404; removed more than 30 days ago: 410.',
    tags,
    guard: 'crumb',
    body: restoreSiteSchema,
    response: removedSiteFoundSchema,
  },
  [`POST ${SITES_API.restoreSite}`]: {
    summary:
      'Restores a removed site within 30 days: its hosts route again at once; signInUrl signs the owner in there',
    tags,
    guard: 'crumb',
    body: restoreSiteSchema,
    response: restoredSiteSchema,
  },
  [`POST ${SITES_API.handoff}`]: {
    summary: "Exchanges a new site's one-time sign-in token for the owner's session on the site's host",
    tags,
    guard: 'crumb',
    body: handoffSchema,
    response: z.object({ xsrfToken: z.string() }),
  },
  [`GET ${SITES_API.domains}`]: {
    summary: "The site's domains: its default address and its custom domains with their TXT records",
    tags,
    guard: 'owner',
    response: siteDomainsSchema,
  },
  [`POST ${SITES_API.domains}`]: {
    summary: 'Connects a custom domain (unverified until its TXT record is found)',
    tags,
    guard: 'owner',
    status: 201,
    body: addDomainSchema,
    response: siteDomainSchema,
  },
  'POST /api/editor/domains/:host/verify': {
    summary:
      'Looks up the _site-verify.<host> TXT record; a match verifies the domain, which then routes to the site',
    tags,
    guard: 'owner',
    params: HostParams,
    response: siteDomainSchema,
  },
  'DELETE /api/editor/domains/:host': {
    summary: 'Disconnects a custom domain',
    tags,
    guard: 'owner',
    params: HostParams,
    response: z.object({ removed: z.literal(true) }),
  },
  [`GET ${SITES_API.captcha}`]: {
    summary:
      "The site's captcha site key ('' when the captcha is off); the provider's secret is never answered",
    tags,
    guard: 'owner',
    response: captchaSettingsSchema,
  },
  [`PUT ${SITES_API.captcha}`]: {
    summary:
      "Sets the site's captcha site key; forms with their captcha on, the newsletter block and the restock form then need a verified token ('' turns it off)",
    tags,
    guard: 'owner',
    body: captchaSettingsSchema,
    response: captchaSettingsSchema,
  },
  [`GET ${ROBOTS_API}`]: {
    summary: "The owner's lines added to the site's /robots.txt ('' when none)",
    tags,
    guard: 'owner',
    response: robotsAdditionsSchema,
  },
  [`PUT ${ROBOTS_API}`]: {
    summary:
      "Sets the owner's lines added to /robots.txt: User-agent, Allow, Disallow, Crawl-delay, Sitemap or # notes, at most 5000 characters; each refused line is named",
    tags,
    guard: 'owner',
    body: robotsAdditionsSchema,
    response: robotsAdditionsSchema,
  },
  [`DELETE ${SITES_API.site}`]: {
    summary: 'Removes the site (soft): its hosts answer 404 at once, its data stays restorable for 30 days',
    tags,
    guard: 'owner',
    body: removeSiteSchema,
    response: removedSiteSchema,
  },
};
