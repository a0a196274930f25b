import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CommerceError } from '../commerce/errors';
import { handle, parsePayload } from '../commerce/http';
import type { Database } from '../db/client';
import type { RouteDocs } from '../docs/openapi';
import { requireCrumb } from '../security/crumb';
import { createSite, SiteSignUpSchema } from './create-site';
import { siteMessages } from './messages';

export const SITES_PATH = '/api/sites';

export interface SiteRouteOptions {
  db: Database;
  /** Sites are created under it; without one this deployment serves one site and creates none. */
  baseDomain?: string;
}

/**
 * Owner sign-up: creates a site from the theme. Cookies are host-only, so the owner signs in on the
 * new site's own address (the answer's editorUrl), never on the host that created it.
 */
export function registerSiteRoutes(app: FastifyInstance, { db, baseDomain }: SiteRouteOptions): void {
  app.post(
    SITES_PATH,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      if (!baseDomain) throw new CommerceError(404, 'SIGN_UP_CLOSED', siteMessages.signUpClosed);
      const body = parsePayload(SiteSignUpSchema, request.body);
      const site = await createSite(db, body, baseDomain, request.protocol);
      return reply.status(201).send(site);
    }),
  );
}

export const siteRouteDocs: RouteDocs = {
  [`POST ${SITES_PATH}`]: {
    summary: 'Creates a site from the theme with its owner (email, password), title and slug; it answers at <slug>.<BASE_DOMAIN>',
    tags: ['sites'],
    guard: 'crumb',
    body: SiteSignUpSchema,
    response: z.object({ websiteId: z.string(), slug: z.string(), host: z.string(), url: z.string(), editorUrl: z.string() }),
  },
};
