import {
  ACCESS_LOCKS_API,
  updateAccessLockSchema,
  type AccessLocks,
  createPageSchema,
  EDITOR_API,
  saveDraftSchema,
  text,
  updateHeaderFooterSchema,
  updateNavigationSchema,
  updatePageSchema,
  updateSiteStylesSchema,
  SITE_STYLES_API,
  THEME_API,
  changeThemeSchema,
  saveTemplateSchema,
  templateNameSchema,
  TEMPLATES_API,
  versionSchema,
  canEdit,
  messages,
  POPUP_OVERLAY_API,
  updatePopupOverlaySchema,
  type EditorMe,
  previewProductsQuerySchema,
  COMPONENTS_API,
  createComponentSchema,
  updateComponentSchema,
  GALLERY_API,
  videoLookupSchema,
} from '@site/page-content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { loadPages, loadWebsite } from '../site/site-data';
import {
  ApiError,
  createRoleGuard,
  guardedMember,
  handle,
  MAX_BODY_BYTES,
  parse,
  registerApiErrors,
} from '../http';
import { loadHeaderFooter, saveHeaderFooter } from '../site/header-footer-store';
import { loadNavigation, siteLayout } from '../site/navigation-store';
import { loadMemberAreas } from '../member-areas/area-store';
import { updateNavigation } from './navigation/update-navigation';
import {
  createPage,
  deletePage,
  duplicatePage,
  getPage,
  publishPage,
  restoreRevision,
  saveDraft,
  updatePage,
} from './pages/page-store';
import { listPageSummaries, toDetail } from './pages/page-view';
import { listRevisions } from './pages/revisions';
import { editorSite, previewProducts, type BillingOptions } from './site/editor-site';
import { loadLocks, pageScope, setLock, SITE_SCOPE } from '../site/locks';
import { fontKit } from './site-styles/font-files';
import { loadPopupOverlay, savePopupOverlay } from './popup-overlay/popup-overlay-store';
import { loadSiteStyles, saveSiteStyles } from './site-styles/site-styles-store';
import type { VideoMetadataProvider } from '../video-metadata/provider';
import { registerGalleryRoutes } from './gallery/gallery-routes';
import { fetchAddedPhotoFeeds, type PhotoFeedOptions } from '../photo-feeds/refresh-job';
import { changeTheme, loadThemeState, undoThemeChange } from './theme/theme-store';
import { listTemplates, loadTemplate, saveTemplate } from './templates/template-store';
import type { SiteStylesheets } from '../site/site-stylesheet';
import { createComponent, deleteComponent, listComponents, updateComponent } from '../site/component-store';

export interface EditorRouteOptions {
  db: Database;
  /** The stylesheet of each theme the site's pages link, for the preview frame. */
  stylesheets: () => Pick<SiteStylesheets, 'url'>;
  /** Who sells plans; absent, the editor shows no trial bar. */
  billing?: BillingOptions;
  /** Where gallery video items get their title and poster; absent, the lookup answers 404. */
  videoMetadata?: VideoMetadataProvider;
  /** How gallery photo feeds are fetched; absent, feeds are kept but never fetched. */
  photoFeeds?: PhotoFeedOptions;
}

const PageParams = z.object({ id: text(200) });
const RevisionParams = PageParams.extend({ revisionId: text(200) });
// A query string arrives as text; '' must not read as version 0.
const VersionQuery = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

const PAGE = '/api/editor/pages/:id';
const COMPONENT = '/api/editor/components/:id';
const TEMPLATE = '/api/editor/templates/:name';
const TemplateParams = z.object({ name: templateNameSchema });

/**
 * The editor's calls (page-content EDITOR_API): in their own scope, so their errors keep the
 * editor's shape. Not awaited: the scope loads with the others at ready, after the app's own
 * error handler is set, which scopes loaded earlier would not inherit.
 */
export function registerEditorRoutes(app: FastifyInstance, options: EditorRouteOptions): void {
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const { db } = options;
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write, bodyLimit: MAX_BODY_BYTES };
    const pageId = (request: FastifyRequest) => parse(PageParams, request.params).id;
    const author = (request: FastifyRequest) => guardedMember(request).id;
    const website = async (request: FastifyRequest) => {
      const row = await loadWebsite(db, request.site.websiteId);
      if (!row) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
      return row;
    };

    registerGalleryRoutes(scope, {
      db,
      read,
      write,
      videoMetadata: options.videoMetadata,
      photoFeeds: options.photoFeeds,
    });

    scope.get(EDITOR_API.me, read, async (request): Promise<EditorMe> => {
      const member = guardedMember(request);
      return {
        memberId: member.id,
        email: member.email,
        roles: member.roles,
        canEdit: canEdit(member.roles),
        xsrfToken: member.xsrfToken,
      };
    });
    scope.get(
      EDITOR_API.site,
      read,
      handle(async (request) =>
        editorSite(db, request.site.websiteId, options.stylesheets(), options.billing),
      ),
    );
    scope.get(
      EDITOR_API.previewProducts,
      read,
      handle(async (request) =>
        previewProducts(db, request.site.websiteId, parse(previewProductsQuerySchema, request.query)),
      ),
    );

    scope.get(
      EDITOR_API.pages,
      read,
      handle(async (request) => ({ pages: await listPageSummaries(db, request.site.websiteId) })),
    );
    scope.post(
      EDITOR_API.pages,
      write,
      handle(async (request, reply) =>
        reply
          .status(201)
          .send(
            toDetail(await createPage(db, request.site.websiteId, parse(createPageSchema, request.body))),
          ),
      ),
    );
    scope.get(
      PAGE,
      read,
      handle(async (request) => toDetail(await getPage(db, request.site.websiteId, pageId(request)))),
    );
    scope.patch(
      PAGE,
      write,
      handle(async (request) =>
        toDetail(
          await updatePage(
            db,
            request.site.websiteId,
            pageId(request),
            parse(updatePageSchema, request.body),
          ),
        ),
      ),
    );
    scope.delete(
      PAGE,
      write,
      handle(async (request, reply) => {
        await deletePage(
          db,
          request.site.websiteId,
          pageId(request),
          parse(VersionQuery, request.query).version,
        );
        return reply.status(204).send();
      }),
    );
    scope.put(
      `${PAGE}/draft`,
      write,
      handle(async (request) => {
        const { addedPhotoFeeds, ...saved } = await saveDraft(
          db,
          request.site.websiteId,
          pageId(request),
          parse(saveDraftSchema, request.body),
          author(request),
        );
        if (options.photoFeeds)
          fetchAddedPhotoFeeds(db, request.site.websiteId, addedPhotoFeeds, options.photoFeeds, request.log);
        return saved;
      }),
    );
    scope.post(
      `${PAGE}/publish`,
      write,
      handle(async (request) =>
        toDetail(
          await publishPage(
            db,
            request.site.websiteId,
            pageId(request),
            parse(versionSchema, request.body).version,
            guardedMember(request),
          ),
        ),
      ),
    );
    scope.post(
      `${PAGE}/duplicate`,
      write,
      handle(async (request, reply) =>
        reply.status(201).send(toDetail(await duplicatePage(db, request.site.websiteId, pageId(request)))),
      ),
    );
    scope.get(
      `${PAGE}/revisions`,
      read,
      handle(async (request) => {
        const page = await getPage(db, request.site.websiteId, pageId(request));
        return { revisions: await listRevisions(db, request.site.websiteId, page.id) };
      }),
    );
    scope.post(
      `${PAGE}/revisions/:revisionId/restore`,
      write,
      handle(async (request) => {
        const { id, revisionId } = parse(RevisionParams, request.params);
        return toDetail(
          await restoreRevision(
            db,
            request.site.websiteId,
            id,
            revisionId,
            parse(versionSchema, request.body).version,
            author(request),
          ),
        );
      }),
    );

    scope.get(
      EDITOR_API.siteLayout,
      read,
      handle(async (request) => {
        const { websiteId } = request.site;
        const [all, areas] = await Promise.all([loadPages(db, websiteId), loadMemberAreas(db, websiteId)]);
        return siteLayout(await loadNavigation(db, websiteId, all), all, areas);
      }),
    );
    scope.post(
      EDITOR_API.updateNavigation,
      write,
      handle(async (request) =>
        updateNavigation(db, request.site.websiteId, parse(updateNavigationSchema, request.body)),
      ),
    );

    scope.get(
      ACCESS_LOCKS_API,
      read,
      handle(async (request): Promise<AccessLocks> => {
        const scopes = [...(await loadLocks(db, request.site.websiteId)).keys()];
        return {
          site: scopes.includes(SITE_SCOPE),
          pageIds: scopes.flatMap((s) => (s.startsWith('page:') ? [s.slice(5)] : [])),
        };
      }),
    );
    scope.put(
      ACCESS_LOCKS_API,
      write,
      handle(async (request): Promise<AccessLocks> => {
        const input = parse(updateAccessLockSchema, request.body);
        if (input.pageId !== null) await getPage(db, request.site.websiteId, input.pageId);
        await setLock(
          db,
          request.site.websiteId,
          input.pageId === null ? SITE_SCOPE : pageScope(input.pageId),
          input.password,
        );
        const scopes = [...(await loadLocks(db, request.site.websiteId)).keys()];
        return {
          site: scopes.includes(SITE_SCOPE),
          pageIds: scopes.flatMap((s) => (s.startsWith('page:') ? [s.slice(5)] : [])),
        };
      }),
    );

    scope.get(
      COMPONENTS_API.list,
      read,
      handle(async (request) => ({ components: await listComponents(db, request.site.websiteId) })),
    );
    scope.post(
      COMPONENTS_API.list,
      write,
      handle(async (request, reply) =>
        reply
          .code(201)
          .send(
            await createComponent(db, request.site.websiteId, parse(createComponentSchema, request.body)),
          ),
      ),
    );
    scope.put(
      COMPONENT,
      write,
      handle(async (request) =>
        updateComponent(
          db,
          request.site.websiteId,
          pageId(request),
          parse(updateComponentSchema, request.body),
        ),
      ),
    );
    scope.delete(
      COMPONENT,
      write,
      handle(async (request, reply) => {
        const { version } = parse(VersionQuery, request.query);
        await deleteComponent(db, request.site.websiteId, pageId(request), version);
        return reply.code(204).send();
      }),
    );
    scope.get(
      EDITOR_API.headerFooter,
      read,
      handle(async (request) => loadHeaderFooter(db, await website(request))),
    );
    scope.put(
      EDITOR_API.headerFooter,
      write,
      handle(async (request) =>
        saveHeaderFooter(db, await website(request), parse(updateHeaderFooterSchema, request.body)),
      ),
    );
    scope.get(
      SITE_STYLES_API.styles,
      read,
      handle(async (request) => loadSiteStyles(db, request.site.websiteId)),
    );
    scope.put(
      SITE_STYLES_API.styles,
      write,
      handle(async (request) => {
        const { styles, version } = parse(updateSiteStylesSchema, request.body);
        return saveSiteStyles(db, request.site.websiteId, styles, version);
      }),
    );
    scope.get(SITE_STYLES_API.fonts, read, async () => fontKit());
    scope.get(
      THEME_API.theme,
      read,
      handle(async (request) => loadThemeState(db, request.site.websiteId)),
    );
    scope.put(
      THEME_API.theme,
      write,
      handle(async (request) =>
        changeTheme(db, request.site.websiteId, parse(changeThemeSchema, request.body).theme),
      ),
    );
    scope.post(
      THEME_API.undo,
      write,
      handle(async (request) => undoThemeChange(db, request.site.websiteId)),
    );
    scope.get(
      POPUP_OVERLAY_API,
      read,
      handle(async (request) => loadPopupOverlay(db, request.site.websiteId)),
    );
    scope.put(
      POPUP_OVERLAY_API,
      write,
      handle(async (request) =>
        savePopupOverlay(db, request.site.websiteId, parse(updatePopupOverlaySchema, request.body)),
      ),
    );
    const templateName = (request: FastifyRequest) => parse(TemplateParams, request.params).name;
    scope.get(
      TEMPLATES_API.list,
      read,
      handle(async (request) => ({ templates: await listTemplates(db, request.site.websiteId) })),
    );
    scope.get(
      TEMPLATE,
      read,
      handle(async (request) => loadTemplate(db, request.site.websiteId, templateName(request))),
    );
    scope.put(
      TEMPLATE,
      write,
      handle(async (request) => {
        const { source, version } = parse(saveTemplateSchema, request.body);
        return saveTemplate(db, request.site.websiteId, templateName(request), source, version);
      }),
    );
  });
}

const guarded = { tags: ['editor'], guard: 'member' as const };
/** Reads need a viewer or an editing role; writes an editing role (owner, admin, editor) and the XSRF header. */
export const editorRouteDocs: RouteDocs = {
  [`GET ${EDITOR_API.me}`]: {
    ...guarded,
    summary: 'The signed-in member, whether they may edit, and the session XSRF token',
  },
  [`GET ${EDITOR_API.site}`]: {
    ...guarded,
    summary: 'The preview kit: templates, stylesheets, header and footer, collections, forms (no products)',
  },
  [`POST ${GALLERY_API.video}`]: {
    ...guarded,
    summary:
      'A gallery video link’s title and poster from its host (422 for an unknown video or a basic-tier account)',
    body: videoLookupSchema,
  },
  [`GET ${GALLERY_API.siteImages}`]: {
    ...guarded,
    summary: 'Pictures already used on the site’s pages and products, each once, with where it is used',
  },
  [`GET ${EDITOR_API.previewProducts}`]: {
    ...guarded,
    summary:
      'The products a preview shows: by id (at most 100) and the first 30 of each named shop (at most 20)',
    query: previewProductsQuerySchema,
  },
  [`GET ${ACCESS_LOCKS_API}`]: {
    ...guarded,
    summary: 'Which locks exist: the site password, pages with a password (never the passwords)',
  },
  [`PUT ${ACCESS_LOCKS_API}`]: {
    ...guarded,
    summary: 'Set or remove (password null) the site password (pageId null) or a page password',
    body: updateAccessLockSchema,
  },
  [`GET ${EDITOR_API.pages}`]: { ...guarded, summary: 'Every page of the site, system pages included' },
  [`POST ${EDITOR_API.pages}`]: {
    ...guarded,
    summary: 'Create a page or folder (201)',
    body: createPageSchema,
    status: 201,
  },
  [`GET ${PAGE}`]: {
    ...guarded,
    summary: 'One page with its draft and published documents',
    params: PageParams,
  },
  [`PATCH ${PAGE}`]: {
    ...guarded,
    summary: 'Change title, URL (the old URL redirects), status, visibility; 409 on a stale version',
    params: PageParams,
    body: updatePageSchema,
  },
  [`DELETE ${PAGE}`]: {
    ...guarded,
    summary: 'Delete a page (204); home, shop and system pages cannot be deleted',
    params: PageParams,
    query: VersionQuery,
    status: 204,
  },
  [`PUT ${PAGE}/draft`]: {
    ...guarded,
    summary: 'Save the draft document (autosave); answers the new version',
    params: PageParams,
    body: saveDraftSchema,
  },
  [`POST ${PAGE}/publish`]: {
    ...guarded,
    summary: 'Publish the draft: visitors see it from now on',
    params: PageParams,
    body: versionSchema,
  },
  [`POST ${PAGE}/duplicate`]: {
    ...guarded,
    summary: 'Copy a page as a new draft right after it in navigation (201)',
    params: PageParams,
    status: 201,
  },
  [`GET ${PAGE}/revisions`]: { ...guarded, summary: 'Revision history, newest first', params: PageParams },
  [`POST ${PAGE}/revisions/:revisionId/restore`]: {
    ...guarded,
    summary: 'Make a revision the draft again',
    params: RevisionParams,
    body: versionSchema,
  },
  [`GET ${EDITOR_API.siteLayout}`]: {
    ...guarded,
    summary: 'Site layout: main navigation, footer navigation, pages not linked',
  },
  [`POST ${EDITOR_API.updateNavigation}`]: {
    ...guarded,
    summary: 'Replace one navigation tree; answers the new layout',
    body: updateNavigationSchema,
  },
  [`GET ${COMPONENTS_API.list}`]: {
    ...guarded,
    summary: "The site's website components with their blocks and where each is used",
  },
  [`POST ${COMPONENTS_API.list}`]: {
    ...guarded,
    summary: 'Save blocks as a new website component (201); loops and too deep nesting → 400',
    body: createComponentSchema,
    status: 201,
  },
  [`PUT ${COMPONENT}`]: {
    ...guarded,
    summary: 'Rename a component or replace its blocks: live at once on every page; 409 on a stale version',
    params: PageParams,
    body: updateComponentSchema,
  },
  [`DELETE ${COMPONENT}`]: {
    ...guarded,
    summary: 'Delete a component (204); one placed on a page or in a component → 409 with where',
    params: PageParams,
    query: VersionQuery,
    status: 204,
  },
  [`GET ${EDITOR_API.headerFooter}`]: { ...guarded, summary: 'Site header and footer with their version' },
  [`PUT ${EDITOR_API.headerFooter}`]: {
    ...guarded,
    summary: 'Save the header and footer; 409 on a stale version',
    body: updateHeaderFooterSchema,
  },
  [`GET ${SITE_STYLES_API.styles}`]: {
    ...guarded,
    summary: 'Site styles (fonts and colours) with their version',
  },
  [`PUT ${SITE_STYLES_API.styles}`]: {
    ...guarded,
    summary: 'Save the site styles; live at once; 409 on a stale version',
    body: updateSiteStylesSchema,
  },
  [`GET ${POPUP_OVERLAY_API}`]: {
    ...guarded,
    summary:
      'The promotional pop-up: on or off, its content, the version visitors key a dismissal by, and the edit version',
  },
  [`PUT ${POPUP_OVERLAY_API}`]: {
    ...guarded,
    summary:
      'Save or turn off the pop-up; a new text or sign-up shows it again to visitors who dismissed it; 409 on a stale version',
    body: updatePopupOverlaySchema,
  },
  [`GET ${TEMPLATES_API.list}`]: { ...guarded, summary: "The site's template sources with their versions" },
  [`GET ${TEMPLATE}`]: {
    ...guarded,
    summary: 'One template source with its version (a hash of the source)',
    params: TemplateParams,
  },
  [`PUT ${TEMPLATE}`]: {
    ...guarded,
    summary: 'Save a template; 400 with line:column on syntax errors, 409 on a stale version',
    params: TemplateParams,
    body: saveTemplateSchema,
  },
  [`GET ${SITE_STYLES_API.fonts}`]: {
    ...guarded,
    summary: 'The font kit: self-hosted fonts by category, and system stacks',
  },
};
