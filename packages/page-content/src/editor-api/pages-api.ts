import { mayDo, TEAM_ROLES } from './team-api';
import { z } from 'zod';
import { pageDocumentSchema, type PageDocument } from '../document/page-document';
import type { HeaderFooter } from '../header-footer/header-footer';
import type { SiteStyles } from '../site-styles/site-styles';
import { LIMITS } from '../limits';
import type { HoursRow } from './business-hours';
import { messages } from '../messages';
import {
  CONTENT_STATUSES,
  FOLDER_BEHAVIORS,
  type ContentStatus,
  type FolderBehavior,
} from '../pages/content-status';
import { coverPageSchema, type CoverPage } from '../pages/cover-page';
import { pagePathSchema } from '../pages/page-url';
import { text } from '../text';

/**
 * The page editor's calls under `/api/editor` (ours; the spec shows no page CRUD). Every write
 * carries the `version` the client last saw; a mismatch is refused with 409 and
 * `messages.staleVersion`, never merged silently.
 */
export const EDITOR_API = {
  pages: '/api/editor/pages',
  page: (id: string) => `/api/editor/pages/${encodeURIComponent(id)}`,
  draft: (id: string) => `/api/editor/pages/${encodeURIComponent(id)}/draft`,
  publish: (id: string) => `/api/editor/pages/${encodeURIComponent(id)}/publish`,
  duplicate: (id: string) => `/api/editor/pages/${encodeURIComponent(id)}/duplicate`,
  revisions: (id: string) => `/api/editor/pages/${encodeURIComponent(id)}/revisions`,
  restore: (id: string, revisionId: string) =>
    `/api/editor/pages/${encodeURIComponent(id)}/revisions/${encodeURIComponent(revisionId)}/restore`,
  site: '/api/editor/site',
  previewProducts: '/api/editor/site/products',
  siteLayout: '/api/commondata/GetSiteLayout',
  updateNavigation: '/api/widget/UpdateNavigation',
  headerFooter: '/api/site-header-footer',
  session: '/api/site-users/account/session',
  me: '/api/editor/me',
} as const;

export const PAGE_KINDS = ['page', 'folder', 'collection', 'system'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * The collection pages "Add page" makes, with the templates the themes list and show their items
 * with (platform.md §5 collection types; a store is a collection of products).
 */
export const NEW_COLLECTION_PAGES = {
  blog: { collectionType: 'blog', templateName: 'blog-list', itemTemplateName: 'blog-item' },
  store: { collectionType: 'products', templateName: 'products-list', itemTemplateName: 'product-item' },
  events: { collectionType: 'events', templateName: 'events-list', itemTemplateName: 'events-item' },
  gallery: { collectionType: 'gallery', templateName: 'gallery-list', itemTemplateName: null },
  album: { collectionType: 'album', templateName: 'album-list', itemTemplateName: null },
  videos: { collectionType: 'videos', templateName: 'videos-list', itemTemplateName: 'videos-item' },
} as const;
export const NEW_COLLECTION_KINDS = ['blog', 'store', 'events', 'gallery', 'album', 'videos'] as const;
export type NewCollectionKind = (typeof NEW_COLLECTION_KINDS)[number];
export const isNewCollectionKind = (kind: string): kind is NewCollectionKind => kind in NEW_COLLECTION_PAGES;

const title = text(LIMITS.maxTitleLength).trim().min(1, messages.titleRequired);
const version = z.number().int().min(0);

export const createPageSchema = z.object({
  title,
  /**
   * A cover page is a page of its own type (3) drawn from its cover settings, not from blocks;
   * blog, store, events, gallery, album and videos make a collection page of that type, empty and
   * ready for items.
   */
  kind: z.enum(['page', 'folder', 'cover', ...NEW_COLLECTION_KINDS]).default('page'),
  /** Defaults to the title's slug, made unique with -2, -3… */
  path: pagePathSchema.optional(),
  /** Where the new page goes in navigation; main navigation by default, at the end. */
  navigation: z.enum(['mainNav', 'notLinked']).default('mainNav'),
  /** A folder to put the page in. */
  parentId: text(200).optional(),
  folderBehavior: z.enum(FOLDER_BEHAVIORS).optional(),
});
export type CreatePage = z.input<typeof createPageSchema>;

export const seoMessages = {
  socialImageInvalid:
    'Enter the full address of an image (https://…) or a path on this site such as /s/photo.jpg.',
} as const;

/**
 * What a page tells search engines and social sites beyond its title and description (issue 28):
 * its own title for the results, the picture a shared link shows, and whether to stay out of them.
 * Empty values fall back to the page's own.
 */
export const pageSeoSchema = z.object({
  /** Replaces "Page — Site" in the browser tab and the search result when set. */
  title: text(LIMITS.maxTitleLength)
    .transform((v) => v.trim())
    .default(''),
  socialImage: text(2000)
    .transform((v) => v.trim())
    .refine(
      (v) => v === '' || /^https:\/\/[^\s]+$/.test(v) || /^\/(?!\/)[^\s]*$/.test(v),
      seoMessages.socialImageInvalid,
    )
    .default(''),
  /** Hidden from search engines: a robots noindex and no place in the sitemap. */
  noindex: z.boolean().default(false),
});
export type PageSeo = z.output<typeof pageSeoSchema>;

/** A page's stored settings; stored before a rule tightened, or never: the defaults (indexed, nothing own). */
export function readPageSeo(stored: unknown): PageSeo {
  const parsed = pageSeoSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : pageSeoSchema.parse({});
}

export const updatePageSchema = z.object({
  version,
  title: title.optional(),
  path: pagePathSchema.optional(),
  enabled: z.boolean().optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  /** ISO date-time; required when status is `scheduled`. */
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
  folderBehavior: z.enum(FOLDER_BEHAVIORS).optional(),
  description: text(LIMITS.maxShortText).optional(),
  seo: pageSeoSchema.optional(),
  /** Only for a cover page: its settings, replaced whole. */
  cover: coverPageSchema.optional(),
});
export type UpdatePage = z.input<typeof updatePageSchema>;

export const saveDraftSchema = z.object({ version, document: pageDocumentSchema });
export type SaveDraft = z.input<typeof saveDraftSchema>;

export const versionSchema = z.object({ version });

export interface PageSummary {
  id: string;
  title: string;
  path: string;
  pageType: number;
  kind: PageKind;
  /** What a collection page holds ('blog', 'events', 'gallery', …); 'page' for the others. */
  collectionType: string;
  status: ContentStatus;
  publishAt: string | null;
  enabled: boolean;
  folderBehavior: FolderBehavior | null;
  version: number;
  /** The draft differs from what visitors see. */
  hasUnpublishedChanges: boolean;
  updatedAt: string;
  publishedAt: string | null;
}

export interface PageDetail extends PageSummary {
  description: string;
  seo: PageSeo;
  draft: PageDocument;
  published: PageDocument | null;
  /** A cover page's settings (page type 3); absent for other pages. */
  cover?: CoverPage;
}

export interface RevisionSummary {
  id: string;
  kind: 'draft' | 'published' | 'restored';
  version: number;
  createdAt: string;
  author: string | null;
  blockCount: number;
}

/** What the editor needs to render the live preview exactly as the server would. */
export interface EditorSite {
  website: {
    id: string;
    siteTitle: string;
    language: string;
    timeZone: string;
    currency: string;
    /** The owner's opening hours as themes print them (Settings › Site). */
    businessHours?: HoursRow[];
  };
  /**
   * The site's plan: a trial until the owner picks one. Null where the server sells no plans (no
   * billing provider configured, as on a self-hosted install): no trial bar, no upgrade link.
   */
  billing: { plan: 'trial' | 'personal' | 'business' | 'commerce'; trialEndsAt: string | null } | null;
  /** Template sources by name: the layout (`site`) and the page template (`page`). */
  templates: Record<string, string>;
  /** Stylesheets the site links, so the preview frame looks like the site. */
  stylesheets: string[];
  headerFooter: HeaderFooter & { version: number };
  /** Fonts and colours, so the preview shows them as the site does. */
  siteStyles: SiteStyles;
  /**
   * Collections a summary block can show; items are given for all but the shops, whose products
   * the preview asks for with `EDITOR_API.previewProducts` (a catalogue can be 100 000 products).
   */
  collections: {
    id: string;
    title: string;
    fullUrl: string;
    typeName?: string;
    items?: Record<string, unknown>[];
  }[];
  forms: { id: string; name: string; fields: Record<string, unknown>[] }[];
}

/** How many product ids and shops one preview call may name. */
export const PREVIEW_LIMITS = { products: 100, shops: 20, shopItems: 30 } as const;

const idList = (max: number) =>
  z
    .string()
    .max(max * 201)
    .optional()
    .transform((value) => [...new Set(value ? value.split(',').filter(Boolean) : [])])
    .pipe(z.array(text(200)).max(max, { message: `At most ${max} at a time.` }));

/**
 * What the preview asks for: the products its blocks name (`ids`) and the shops its summary
 * blocks show (`shops`, each its first `PREVIEW_LIMITS.shopItems` products, the most a summary shows).
 */
export const previewProductsQuerySchema = z.object({
  ids: idList(PREVIEW_LIMITS.products),
  shops: idList(PREVIEW_LIMITS.shops),
});
export type PreviewProductsQuery = z.input<typeof previewProductsQuerySchema>;

export interface PreviewProduct {
  id: string;
  title: string;
  collectionId: string;
  item: Record<string, unknown>;
}

/** The products a preview shows; ids that name no product of the site are left out. */
export interface PreviewProducts {
  products: PreviewProduct[];
  shops: { id: string; items: Record<string, unknown>[] }[];
}

export interface EditorMe {
  memberId: string;
  email: string;
  roles: string[];
  canEdit: boolean;
  xsrfToken: string;
}

/** Roles that may change a site's content, and every role that may open the editor (TEAM_ROLE_RIGHTS). */
export const EDITING_ROLES = TEAM_ROLES.filter((r) => mayDo([r], 'edit-content'));
export const VIEWING_ROLES = TEAM_ROLES.filter((r) => mayDo([r], 'view'));
export function canEdit(roles: readonly string[]): boolean {
  return mayDo(roles, 'edit-content');
}
export function canView(roles: readonly string[]): boolean {
  return mayDo(roles, 'view');
}
