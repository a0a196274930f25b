import {
  BUSINESS_HOURS_API,
  businessHoursSchema,
  COOKIE_CONSENT_API,
  cookieConsentOf,
  cookieConsentSchema,
  cookieSettingsFor,
  storedBusinessHours,
  SITE_ICON_MAX_BYTES,
  SITE_ICON_SIZES,
  SITE_LOGO_MAX_BYTES,
  SITE_PROFILE_API,
  siteProfileMessages,
  siteProfileSchema,
  siteProfileViewSchema,
  type SiteIconSize,
} from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { websites } from '../db/schema';
import { recordActivity } from '../activity/activity-log';
import { ApiError, createRoleGuard, guardedMember, handle, parsePayload } from '../http';
import type { RouteDocs } from '../http/openapi';
import { loadWebsite } from '../site/site-data';
import { loadIconPng, removeSiteIcon, saveSiteIcon, siteIconUrl, storedSiteIcon } from './site-icon';
import { removeSiteLogo, saveSiteLogo, siteLogoKey, storedSiteLogo } from './site-logo';
import { saveSiteProfile, siteProfileView } from './site-profile';
import type { FileStorage } from '../files/storage';

const IconParams = z.object({
  version: z.string().regex(/^[0-9a-f]{16}$/),
  size: z.coerce
    .number()
    .int()
    .refine((n): n is SiteIconSize => (SITE_ICON_SIZES as readonly number[]).includes(n)),
});

const LogoParams = z.object({ version: z.string().regex(/^[0-9a-f]{16}$/) });

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/octet-stream'];

/** Editor calls for the Site settings screen, and the icon files and web manifest visitors' browsers fetch. */
export function registerSiteProfileRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  const guard = createRoleGuard({ db });
  const settingsRole = (write: boolean) =>
    guard.with('change-settings', write, siteProfileMessages.adminOnly);
  const view = async (websiteId: string) => {
    const website = await loadWebsite(db, websiteId);
    if (!website) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
    return siteProfileView(website);
  };
  const settingsChanged = (request: FastifyRequest, subject: string) =>
    recordActivity(db, request.site.websiteId, guardedMember(request), { kind: 'settings-changed', subject });

  app.get(
    SITE_PROFILE_API.profile,
    { preHandler: settingsRole(false) },
    handle(async (request) => view(request.site.websiteId)),
  );

  app.put(
    SITE_PROFILE_API.profile,
    { preHandler: settingsRole(true), bodyLimit: 64 * 1024 },
    handle(async (request) => {
      const profile = parsePayload(siteProfileSchema, request.body);
      await saveSiteProfile(db, request.site.websiteId, profile, guardedMember(request));
      return view(request.site.websiteId);
    }),
  );

  app.get(
    COOKIE_CONSENT_API,
    { preHandler: settingsRole(false) },
    handle(async (request) => {
      const website = await loadWebsite(db, request.site.websiteId);
      if (!website) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
      return cookieConsentOf(website.settings);
    }),
  );

  app.put(
    COOKIE_CONSENT_API,
    { preHandler: settingsRole(true), bodyLimit: 4 * 1024 },
    handle(async (request) => {
      const { mode, where } = parsePayload(cookieConsentSchema, request.body);
      // One key set in place, so a concurrent save of another setting is kept; the websites
      // trigger moves the site's version, so cached pages carry the new banner.
      await db
        .update(websites)
        .set({
          settings: sql`jsonb_set(${websites.settings}, '{cookieSettings}', ${JSON.stringify(cookieSettingsFor(mode, where))}::jsonb)`,
        })
        .where(eq(websites.id, request.site.websiteId));
      await settingsChanged(request, 'cookie banner');
      return { mode, where: mode === 'opt-in' ? (where ?? 'everywhere') : 'everywhere' };
    }),
  );

  app.get(
    BUSINESS_HOURS_API,
    { preHandler: settingsRole(false) },
    handle(async (request) => {
      const website = await loadWebsite(db, request.site.websiteId);
      if (!website) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
      return { hours: storedBusinessHours(website.settings) };
    }),
  );

  app.put(
    BUSINESS_HOURS_API,
    { preHandler: settingsRole(true), bodyLimit: 8 * 1024 },
    handle(async (request) => {
      const { hours } = parsePayload(businessHoursSchema, request.body);
      // One key set in place (a concurrent save of another setting is kept); the site's version
      // moves with the row, so cached pages show the new hours.
      await db
        .update(websites)
        .set({
          settings: sql`jsonb_set(${websites.settings}, '{businessHours}', ${JSON.stringify(hours)}::jsonb)`,
        })
        .where(eq(websites.id, request.site.websiteId));
      return { hours };
    }),
  );

  // The upload is the image's own bytes (no multipart): only this scope reads image bodies.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: SITE_ICON_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      SITE_PROFILE_API.icon,
      { preHandler: settingsRole(true), bodyLimit: SITE_ICON_MAX_BYTES },
      handle(async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new ApiError(415, 'ICON_NOT_IMAGE', siteProfileMessages.iconNotImage);
        await saveSiteIcon(db, request.site.websiteId, request.body);
        await settingsChanged(request, 'site icon');
        return view(request.site.websiteId);
      }),
    );
  });

  app.delete(
    SITE_PROFILE_API.icon,
    { preHandler: settingsRole(true) },
    handle(async (request) => {
      await removeSiteIcon(db, request.site.websiteId);
      await settingsChanged(request, 'site icon removed');
      return view(request.site.websiteId);
    }),
  );

  app.get('/site-icon/:version/:size.png', async (request, reply) => {
    const params = IconParams.safeParse(request.params);
    const website = params.success ? await loadWebsite(db, request.site.websiteId) : undefined;
    const icon = website && storedSiteIcon(website.settings);
    // An old version's URL is no longer this site's icon: not found rather than the wrong picture.
    const png =
      params.success && icon?.version === params.data.version
        ? await loadIconPng(db, request.site.websiteId, params.data.size)
        : undefined;
    if (!png) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such icon' } });
    return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
  });

  // Phones read the name and icons from here when a visitor adds the site to their home screen.
  app.get('/manifest.webmanifest', async (request, reply) => {
    const website = await loadWebsite(db, request.site.websiteId);
    if (!website) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such site' } });
    const icon = storedSiteIcon(website.settings);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        JSON.stringify({
          name: website.title,
          short_name: website.title.length > 12 ? website.title.slice(0, 12).trimEnd() : website.title,
          lang: website.locale,
          start_url: '/',
          scope: '/',
          display: 'browser',
          icons: icon
            ? ([192, 512] as const).map((size) => ({
                src: siteIconUrl(icon, size),
                sizes: `${size}x${size}`,
                type: 'image/png',
              }))
            : [{ src: '/assets/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
        }),
      );
  });
}

/**
 * The header's logo: uploaded on Settings › Site like the icon, kept in the files storage (it can
 * be larger than an icon), served under its version.
 */
export function registerSiteLogoRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Database; storage: FileStorage },
): void {
  const guard = createRoleGuard({ db });
  const settingsRole = guard.with('change-settings', true, siteProfileMessages.adminOnly);
  const view = async (websiteId: string) => {
    const website = await loadWebsite(db, websiteId);
    if (!website) throw new ApiError(404, 'SITE_MISSING', 'This site has not been set up yet');
    return siteProfileView(website);
  };

  app.register(async (scope) => {
    scope.addContentTypeParser(
      IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: SITE_LOGO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      SITE_PROFILE_API.logo,
      { preHandler: settingsRole, bodyLimit: SITE_LOGO_MAX_BYTES },
      handle(async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new ApiError(415, 'LOGO_NOT_IMAGE', siteProfileMessages.iconNotImage);
        await saveSiteLogo(db, storage, request.site.websiteId, request.body);
        await recordActivity(db, request.site.websiteId, guardedMember(request), {
          kind: 'settings-changed',
          subject: 'logo',
        });
        return view(request.site.websiteId);
      }),
    );
  });

  app.delete(
    SITE_PROFILE_API.logo,
    { preHandler: settingsRole },
    handle(async (request) => {
      await removeSiteLogo(db, storage, request.site.websiteId);
      await recordActivity(db, request.site.websiteId, guardedMember(request), {
        kind: 'settings-changed',
        subject: 'logo removed',
      });
      return view(request.site.websiteId);
    }),
  );

  app.get('/site-logo/:version.webp', async (request, reply) => {
    const params = LogoParams.safeParse(request.params);
    const website = params.success ? await loadWebsite(db, request.site.websiteId) : undefined;
    const logo = website && storedSiteLogo(website.settings);
    // An old version's URL is no longer this site's logo: not found rather than the wrong picture.
    const stored =
      params.success && logo?.version === params.data.version
        ? await storage.stream(siteLogoKey(request.site.websiteId, logo.version))
        : undefined;
    if (!stored) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such logo' } });
    return reply
      .type('image/webp')
      .header('content-length', String(stored.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.body);
  });
}

const tags = ['sites'];
export const siteProfileRouteDocs: RouteDocs = {
  [`GET ${SITE_PROFILE_API.profile}`]: {
    summary: "The site's name, time zone, locale, contact email, business address, social profiles and icon",
    description: 'Owner or admin.',
    tags,
    guard: 'owner',
    response: siteProfileViewSchema,
  },
  [`PUT ${SITE_PROFILE_API.profile}`]: {
    summary:
      'Saves the site profile: the name shows in tab titles, the header, emails and the editor; the contact details in emails and JSON-LD',
    description: 'Owner or admin. A header or footer still showing the old name takes the new one.',
    tags,
    guard: 'owner',
    body: siteProfileSchema,
    response: siteProfileViewSchema,
  },
  [`PUT ${SITE_PROFILE_API.icon}`]: {
    summary:
      'Uploads the site icon as the image bytes (PNG, JPEG, WebP or GIF, at least 180 px a side, under 5 MB); every size is made from it',
    description: 'Owner or admin. A non-square image is cropped to its centred square.',
    tags,
    guard: 'owner',
    response: siteProfileViewSchema,
  },
  [`DELETE ${SITE_PROFILE_API.icon}`]: {
    summary: "Removes the site icon: pages show the platform's default icon again",
    tags,
    guard: 'owner',
    response: siteProfileViewSchema,
  },
  [`GET ${BUSINESS_HOURS_API}`]: {
    summary: 'When the business is open, Monday to Sunday (null until the owner gives hours)',
    description: 'Owner or admin.',
    tags,
    guard: 'owner',
    response: businessHoursSchema,
  },
  [`PUT ${BUSINESS_HOURS_API}`]: {
    summary:
      "Sets the opening hours: themes that show hours print them in the site's locale, and the home page's JSON-LD lists them",
    description: 'Owner or admin. null takes the hours off the site.',
    tags,
    guard: 'owner',
    body: businessHoursSchema,
    response: businessHoursSchema,
  },
  [`GET ${COOKIE_CONSENT_API}`]: {
    summary: 'How the storefront asks visitors about cookies: off, notice only, or opt-in consent',
    description: 'Owner or admin.',
    tags,
    guard: 'owner',
    response: cookieConsentSchema,
  },
  [`PUT ${COOKIE_CONSENT_API}`]: {
    summary:
      'Sets the cookie banner: notice only tells visitors; opt-in tracks nothing (no visitor cookies, analytics or ad-pixel calls) until the visitor accepts',
    description: 'Owner or admin. The choice reaches every page in each theme on the next visit.',
    tags,
    guard: 'owner',
    body: cookieConsentSchema,
    response: cookieConsentSchema,
  },
  'GET /site-icon/:version/:size.png': {
    summary: 'One size of the site icon (32, 64, 180, 192 or 512 px), cached for a year under its version',
    tags,
    params: IconParams,
  },
  [`PUT ${SITE_PROFILE_API.logo}`]: {
    summary:
      "Uploads the header's logo as the image bytes (PNG, JPEG, WebP or GIF, at least 40 px tall, under 5 MB); the themes' header shows it in place of the site's name, with the name as its alt text",
    description: 'Owner or admin. Shrunk to fit 1200 × 360 px, proportions kept.',
    tags,
    guard: 'owner',
    response: siteProfileViewSchema,
  },
  [`DELETE ${SITE_PROFILE_API.logo}`]: {
    summary: "Removes the logo: the header shows the site's name as text again",
    tags,
    guard: 'owner',
    response: siteProfileViewSchema,
  },
  'GET /site-logo/:version.webp': {
    summary: "The header's logo, cached for a year under its version",
    tags,
    params: LogoParams,
  },
  'GET /manifest.webmanifest': {
    summary: "The web app manifest: the site's name, language and icons",
    tags,
  },
};
