import { fillMessage } from '@site/commerce-core';
import {
  LanguagesPutSchema,
  messages as pageMessages,
  multilingualMessages,
  MULTILINGUAL_API,
  PageTranslationsSchema,
  primaryLanguage,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { pages, websites } from '../db/schema';
import type { RouteDocs } from '../http/openapi';
import { ApiError, createRoleGuard, handle, MAX_BODY_BYTES, parse, registerApiErrors } from '../http';
import { multilingualSettings, siteLanguages } from './settings';

async function lockedWebsite(tx: Tx, websiteId: string) {
  const [row] = await tx.select().from(websites).where(eq(websites.id, websiteId)).for('update');
  if (!row) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
  return row;
}

async function website(db: Database, websiteId: string) {
  const [row] = await db.select().from(websites).where(eq(websites.id, websiteId));
  if (!row) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
  return row;
}

const status = (settings: Record<string, unknown>) => {
  const count = siteLanguages(settings).length;
  return { connected: count > 0, languageCount: count };
};

const PageParams = z.object({ pageId: z.string().max(200) });

/**
 * The multilingual calls (platform.md §7) with the editor's guard: a site-member session; viewers
 * read, owner/admin/editor write with the X-SiteUser-XSRF-Token. Languages live in the website's
 * settings, so saving them bumps the site's content version and every cached page is redrawn.
 */
export function registerMultilingualRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };

    scope.get(
      MULTILINGUAL_API.settings,
      read,
      handle(async (request) => multilingualSettings(await website(db, request.site.websiteId))),
    );
    scope.get(
      MULTILINGUAL_API.status,
      read,
      handle(async (request) => status((await website(db, request.site.websiteId)).settings)),
    );
    scope.get(
      MULTILINGUAL_API.languages,
      read,
      handle(async (request) => multilingualSettings(await website(db, request.site.websiteId))),
    );
    scope.put(
      MULTILINGUAL_API.languages,
      write,
      handle(async (request) => {
        const { websiteId } = request.site;
        const { languages } = parse(LanguagesPutSchema, request.body);
        return db.transaction(async (tx) => {
          const row = await lockedWebsite(tx, websiteId);
          const primary = primaryLanguage(row.locale);
          if (languages.includes(primary)) {
            const message = fillMessage(multilingualMessages.primaryLanguage, { language: primary });
            throw new ApiError(400, 'INVALID', message, [
              { path: ['languages', languages.indexOf(primary)], message },
            ]);
          }
          const settings = {
            ...row.settings,
            multilingual: { ...(row.settings.multilingual as object | undefined), languages },
          };
          await tx.update(websites).set({ settings }).where(eq(websites.id, websiteId));
          return multilingualSettings({ locale: row.locale, settings });
        });
      }),
    );
    // Disconnecting drops the added languages; the translations stay, for a later reconnection.
    scope.delete(
      MULTILINGUAL_API.connection,
      write,
      handle(async (request) =>
        db.transaction(async (tx) => {
          const row = await lockedWebsite(tx, request.site.websiteId);
          const settings = {
            ...row.settings,
            multilingual: { ...(row.settings.multilingual as object | undefined), languages: [] },
          };
          await tx.update(websites).set({ settings }).where(eq(websites.id, row.id));
          return status(settings);
        }),
      ),
    );
    scope.put(
      '/api/multilingual/pages/:pageId/translations',
      write,
      handle(async (request) => {
        const { websiteId } = request.site;
        const { pageId } = parse(PageParams, request.params);
        const { translations } = parse(PageTranslationsSchema, request.body);
        return db.transaction(async (tx) => {
          const row = await lockedWebsite(tx, websiteId);
          const added = siteLanguages(row.settings);
          for (const language of Object.keys(translations)) {
            if (!added.includes(language as never)) {
              const message = fillMessage(multilingualMessages.unknownLanguage, { language });
              throw new ApiError(400, 'INVALID', message, [{ path: ['translations', language], message }]);
            }
          }
          const [page] = await tx
            .select()
            .from(pages)
            .where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId)));
          if (!page) throw new ApiError(404, 'NOT_FOUND', pageMessages.unableToLocateContent);
          await tx
            .update(pages)
            .set({ context: { ...page.context, translations } })
            .where(eq(pages.id, pageId));
          return { translations };
        });
      }),
    );
  });
}

const guarded = { tags: ['multilingual'], guard: 'member' as const };
export const multilingualRouteDocs: RouteDocs = {
  [`GET ${MULTILINGUAL_API.settings}`]: {
    ...guarded,
    summary: 'The site language, the added languages and the languages it may add',
  },
  [`GET ${MULTILINGUAL_API.status}`]: {
    ...guarded,
    summary: 'Whether the site serves other languages, and how many',
  },
  [`GET ${MULTILINGUAL_API.languages}`]: { ...guarded, summary: 'The languages of the site' },
  [`PUT ${MULTILINGUAL_API.languages}`]: {
    ...guarded,
    summary: 'Set the languages the site adds (each served under /<code>/…)',
    body: LanguagesPutSchema,
  },
  [`DELETE ${MULTILINGUAL_API.connection}`]: {
    ...guarded,
    summary: 'Stop serving other languages (translations are kept)',
  },
  ['PUT /api/multilingual/pages/:pageId/translations']: {
    ...guarded,
    summary: "A page's title and description in the added languages",
    params: PageParams,
    body: PageTranslationsSchema,
  },
};
