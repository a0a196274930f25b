import { type TemplateError } from '@site/template-engine';
import {
  coverPageView,
  EMPTY_RENDER_DATA,
  messages,
  pageVisibility,
  renderBlock,
  isExternalRedirect,
  isNotFoundPage,
  resolveRedirect,
  type PageDocument,
  type SlideName,
} from '@site/page-content';
import { CART_COOKIE, HAS_CART_COOKIE } from '../commerce/cart-cookies';
import { findOrder } from '../commerce/checkout';
import { loadForm } from '../forms/form-store';
import type { Database } from '../db/client';
import { loadRedirectTable } from '../redirects/redirect-store';
import { type NavigationTrees } from '../site/navigation-store';
import { newsletterPage } from '../mailing-lists/newsletter-pages';
import { donationPage } from '../donations/donate-pages';
import { COMMERCE_EMAIL_PREVIEW_PATH, commerceEmailPreview } from './email-preview-page';
import { accountPage, MEMBERSHIP_CONFIRMED_PATH, membershipConfirmedPage } from './account-pages';
import { areaPaidFor } from '../member-areas/area-store';
import { REVIEW_REQUEST_PAGE_PATH, reviewRequestPage } from '../reviews/request-page';
import { memberAccountsEnabled } from '../security/members';
import { visibleTo, type Viewer } from './site-chrome';
import { type ProductItem } from '../site/product-item';
import { orderContext } from './order-pages';
import { resolveCollectionPath } from '../collections/collection-pages';
import { isItemCollection } from '../collections/collection-store';
import { resolveContentPath } from './content-routes';
import { SITE_SCOPE } from '../site/locks';
import { languagePath, SSO_SCREEN_PATH, type SiteLanguage } from '@site/page-content';
import { hasSsoProviders, ssoScreen } from '../site-users/sso-screen';
import { filterQuery, isFiltered, listFilter } from '../site/list-filter';
import {
  collectionPageSize,
  pageCount,
  pagination,
  requestedPage,
  type Pagination,
} from '../site/pagination';
import { knownTheme } from '../site/theme';
import {
  loadProductItems,
  loadProductPage,
  loadProductListPage,
  type PageRow,
  type WebsiteRow,
} from '../site/site-data';
import { PAGE_TYPE } from '../site/page-type';
import { pagesAt } from './page-index';

export interface Resolved {
  status: number;
  pageType: number;
  templateName: string;
  page?: PageRow;
  extra: Record<string, unknown>;
  location?: string;
  /** Published blocks, rendered into `collection.mainContent`. */
  document?: PageDocument;
  /** A folder's index page lists these. */
  folderPages?: PageRow[];
  /** What `extra.item` is, for its Open Graph type and JSON-LD (a product unless said). */
  itemKind?: 'product' | 'article';
  /** The shown product's or post's own search settings as stored (read with readItemSeo). */
  itemSeo?: unknown;
  /** Depends on the query string or on who asks (an order looked up by its token). */
  personal?: boolean;
  /** Shows blog posts (their likes, approved comments): `extra.items` are posts, not products. */
  showsPosts?: boolean;
  /** Main content rendered by the feature that owns the path (the newsletter pages). */
  mainHtml?: string;
  /** A cached answer goes stale then (an event ends). */
  cacheUntil?: number;
  /** A list narrowed by the query's tag or category, which the page cache may keep under it. */
  filtered?: boolean;
  /** Errors of parts rendered while resolving (a gallery page's pictures). */
  renderErrors?: TemplateError[];
}

export const notFound = (): Resolved => ({
  status: 404,
  pageType: PAGE_TYPE.notFound,
  templateName: 'not-found',
  extra: {},
});
/**
 * A not-found answer shows the owner's published 404 page (its blocks in the site's page template),
 * keeping the 404 status; until the owner publishes one, the theme's not-found template says it.
 */
export function withNotFoundPage(resolved: Resolved, allPages: readonly PageRow[]): Resolved {
  if (resolved.status !== 404 || resolved.templateName !== 'not-found' || resolved.location) return resolved;
  const page = allPages.find(isNotFoundPage);
  if (!page?.enabled || !page.publishedDocument) return resolved;
  return { ...resolved, page, document: page.publishedDocument, templateName: 'page' };
}
const moved = (status: 301 | 302, location: string): Resolved => ({ ...notFound(), status, location });

/** A folder's pages as its menu lists them, then any others of it that are not linked. */
function folderPages(
  folder: PageRow,
  allPages: readonly PageRow[],
  trees: NavigationTrees,
  viewer: Viewer,
): PageRow[] {
  const linked =
    [...trees.mainNav, ...trees.secondaryNav].find((item) => item.collectionId === folder.id)?.items ?? [];
  const ids = [
    ...linked.flatMap((item) => (item.collectionId ? [item.collectionId] : [])),
    ...allPages.filter((p) => p.parentId === folder.id).map((p) => p.id),
  ];
  const byId = new Map(allPages.map((p) => [p.id, p]));
  return [...new Set(ids)].flatMap((id) => {
    const page = byId.get(id);
    return page && visibleTo(page, viewer) ? [page] : [];
  });
}

/** Visitors see what pageVisibility allows; disabled pages and drafts do not exist for them. */
export function guardPage(page: PageRow, viewer: Viewer, website: WebsiteRow): Resolved | undefined {
  if (!page.enabled) return notFound();
  const visibility = pageVisibility(page.status, page.publishAt, viewer.now);
  if (visibility === 'hidden') return notFound();
  if (visibility === 'members-only' && !viewer.member) {
    // Where visitors can create an account, the page is one sign-up away: the paywall (107) names
    // it and shows the way in; otherwise access is simply denied (106).
    if (memberAccountsEnabled(website.settings)) {
      const returnTo = encodeURIComponent(page.path);
      return {
        status: 403,
        pageType: PAGE_TYPE.paywall,
        templateName: 'paywall',
        extra: {
          paywall: {
            title: page.title,
            teaser: page.description || undefined,
            message: messages.paywall,
            signUpUrl: `/account/create?returnTo=${returnTo}`,
            signInUrl: `/account/login?returnTo=${returnTo}`,
          },
        },
      };
    }
    return {
      status: 403,
      pageType: PAGE_TYPE.accessDenied,
      templateName: 'access-denied',
      extra: { message: messages.membersOnly },
    };
  }
  return undefined;
}

function resolveFolder(
  folder: PageRow,
  allPages: readonly PageRow[],
  trees: NavigationTrees,
  viewer: Viewer,
): Resolved {
  const children = folderPages(folder, allPages, trees, viewer);
  switch (folder.folderBehavior ?? 'index') {
    case 'redirect':
      return children[0] ? moved(302, children[0].path) : notFound();
    case 'index':
      return {
        status: 200,
        pageType: folder.pageType,
        templateName: 'page',
        page: folder,
        extra: {},
        folderPages: children,
      };
    default:
      return notFound();
  }
}

/**
 * The site's redirect rules for a path no page answers, followed to where they finally lead (one
 * hop for the visitor); a rule chain that reaches a real page stops there.
 */
async function findRedirect(
  db: Database,
  websiteId: string,
  allPages: readonly PageRow[],
  path: string,
): Promise<Resolved | undefined> {
  const trip = resolveRedirect(
    await loadRedirectTable(db, websiteId),
    path,
    (p) => pagesAt(allPages, p).length > 0,
  );
  if (trip.kind !== 'redirect') return undefined;
  // Rules hold addresses as typed (`/café`); the Location header carries them encoded.
  const location = isExternalRedirect(trip.location) ? new URL(trip.location).href : encodeURI(trip.location);
  return moved(trip.status, location);
}

export async function resolvePath(
  db: Database,
  website: WebsiteRow,
  allPages: readonly PageRow[],
  path: string,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
  trees: NavigationTrees,
): Promise<Resolved> {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const content = await resolveContentPath(db, website, allPages, normalized, query, viewer);
  if (content) return content;
  if (normalized === MEMBERSHIP_CONFIRMED_PATH) {
    const order =
      query.orderId && query.token ? await findOrder(db, website.id, query.orderId, query.token) : undefined;
    const area = order && (await areaPaidFor(db, website.id, order.order));
    return membershipConfirmedPage(db, website, allPages, viewer, area);
  }
  if (normalized === SSO_SCREEN_PATH) return ssoScreen(db, website.id, query, viewer.account);
  const account = accountPage(normalized, query, viewer, website);
  // The sign-in page points to the single sign-on screen once the owner added a provider.
  if (
    account?.status === 200 &&
    account.extra.account?.view === 'login' &&
    (await hasSsoProviders(db, website.id))
  )
    account.extra.account.ssoUrl = `${SSO_SCREEN_PATH}?${new URLSearchParams({ returnTo: account.extra.account.returnTo ?? '/account' })}`;
  if (account) return account;
  const page = pagesAt(allPages, normalized)[0];
  // The 404 page's own address is not a page: it answers like any unknown one (with that page).
  if (page && isNotFoundPage(page)) return notFound();
  if (page) {
    const refused = guardPage(page, viewer, website);
    if (refused) return refused;
    if (page.kind === 'folder') return resolveFolder(page, allPages, trees, viewer);
    if (isItemCollection(page.collectionType)) {
      const listed = await resolveCollectionPath(db, [page], normalized, viewer.now);
      if (listed) return { ...listed, renderErrors: listed.errors };
    }
    const extra: Record<string, unknown> = {};
    let filtered = false;
    if (page.collectionType === 'products') {
      const filter = listFilter(query);
      const pageSize = collectionPageSize(viewer.themePreview ?? knownTheme(website.theme), 'products');
      const number = requestedPage(query);
      // One page read from the collection's position index, and how many pages there are.
      const {
        items,
        total,
        categories: productCategories,
      } = await loadProductListPage(
        db,
        website,
        { id: page.id, path: page.path },
        { ...filter, limit: pageSize, offset: (number - 1) * pageSize },
      );
      const pages = pageCount(total, pageSize);
      // A page past the last has no address: not found (and not cached), rather than an empty list.
      if (number > pages) return notFound();
      extra.items = items;
      extra.productCategories = productCategories;
      if (isFiltered(filter)) extra.filter = filter;
      extra.pagination = pagination(page.path, filterQuery(filter), number, pages, pageSize);
      // A filter that matches nothing is not kept: made-up names could otherwise fill the cache.
      filtered = items.length > 0;
    }
    if (page.path === '/') {
      const shop = allPages.find((p) => p.collectionType === 'products' && p.enabled);
      // The home page shows four: read those four, not the whole catalogue.
      if (shop) extra.featuredProducts = await loadProductItems(db, website, shop, { limit: 4 });
    }
    if (page.pageType === PAGE_TYPE.cover) extra.cover = coverPageView(page.title, page.context.cover);
    const formId = page.context.formId;
    if (typeof formId === 'string') {
      const loaded = await loadForm(db, website.id, formId);
      // A missing form leaves the page without it (the template shows its empty state).
      if (loaded.kind === 'found') {
        extra.form = loaded.form;
        extra.formHtml = formBlockHtml(formId, loaded.form, page.context.submitLabel);
      }
    }
    // Built in the editor: the published blocks go into the site's page template.
    // A cover page is drawn from its settings alone, even if a document reached it.
    if (page.kind === 'page' && page.publishedDocument && page.pageType !== PAGE_TYPE.cover) {
      return {
        status: 200,
        pageType: page.pageType,
        templateName: 'page',
        page,
        extra,
        document: page.publishedDocument,
        filtered,
      };
    }
    // The cart page shows its empty state straight away when the visitor has no cart; one who may
    // have one (storefront.md §4: signed in, or a cart cookie) gets the loading state until the
    // script fetches it. Either way the answer depends on cookies, so it is not cached.
    if (page.pageType === PAGE_TYPE.cart) {
      extra.hasCart =
        viewer.member ||
        viewer.cookies?.[HAS_CART_COOKIE] === 'true' ||
        Boolean(viewer.cookies?.[CART_COOKIE]);
      return {
        status: 200,
        pageType: page.pageType,
        templateName: page.templateName,
        page,
        extra,
        personal: true,
      };
    }
    return { status: 200, pageType: page.pageType, templateName: page.templateName, page, extra, filtered };
  }
  // An event or a video: <collection path>/<urlId>. Only the pages at the path and its parent's
  // can be it.
  const collectionItem = await resolveCollectionPath(
    db,
    [
      ...pagesAt(allPages, normalized),
      ...pagesAt(allPages, normalized.slice(0, normalized.lastIndexOf('/'))),
    ].filter((p) => visibleTo(p, viewer)),
    normalized,
    viewer.now,
  );
  if (collectionItem) return collectionItem;
  // A product detail page: <collection path>/p/<urlId>.
  const match = /^(.*)\/p\/([^/]+)$/.exec(normalized);
  if (match) {
    const collection = pagesAt(allPages, match[1] || '/').find(
      (p) => visibleTo(p, viewer) && p.collectionType === 'products',
    );
    if (collection?.itemTemplateName) {
      const found = await loadProductPage(
        db,
        website,
        { id: collection.id, path: collection.path },
        match[2]!,
      );
      if (found) {
        return {
          status: 200,
          pageType: PAGE_TYPE.item,
          templateName: collection.itemTemplateName,
          page: collection,
          extra: { item: found.item },
          itemSeo: found.seo,
        };
      }
    }
  }
  if (normalized === REVIEW_REQUEST_PAGE_PATH) {
    const request = await reviewRequestPage(db, website.id, query);
    return {
      status: request.status,
      pageType: PAGE_TYPE.reviewsRequest,
      templateName: 'reviews-request',
      extra: request.context,
      personal: true,
    };
  }
  if (normalized === COMMERCE_EMAIL_PREVIEW_PATH) {
    const html = await commerceEmailPreview(db, website.id, query, viewer);
    // Depends on who asks and on the order as it is now: never cached.
    return html
      ? {
          status: 200,
          pageType: PAGE_TYPE.commerceEmailPreview,
          templateName: 'newsletter',
          extra: {},
          mainHtml: html,
          personal: true,
        }
      : { ...notFound(), personal: true };
  }
  const donation = await donationPage(db, website, normalized, query);
  if (donation)
    return {
      status: donation.status,
      pageType: donation.pageType,
      templateName: 'donate',
      extra: {},
      mainHtml: donation.html,
      personal: true,
    };
  const newsletter = await newsletterPage(db, website.id, normalized, query);
  if (newsletter)
    return {
      status: newsletter.status,
      pageType: newsletter.pageType,
      templateName: 'newsletter',
      extra: {},
      mainHtml: newsletter.html,
      personal: true,
    };
  const orderPage = orderPageType(normalized);
  if (orderPage) {
    const orderId = orderPage.orderId ?? query.orderId ?? '';
    const found = orderId && query.token ? await findOrder(db, website.id, orderId, query.token) : undefined;
    // A paid member area's order lands on membership confirmed (208), which names the area; the
    // order's id and token travel along in the query, as every redirect here keeps it.
    if (found?.order.status === 'paid' && (await areaPaidFor(db, website.id, found.order)))
      return {
        status: 302,
        location: MEMBERSHIP_CONFIRMED_PATH,
        pageType: PAGE_TYPE.membershipConfirmed,
        templateName: 'account',
        extra: {},
        personal: true,
      };
    const pageType = found ? afterCheckoutPageType(orderPage.pageType, found.order) : orderPage.pageType;
    return {
      status: found ? 200 : 404,
      pageType,
      templateName: 'order-confirmed',
      extra: found ? { order: await orderContext(db, found, website.locale) } : {},
      personal: true,
    };
  }
  return (await findRedirect(db, website.id, allPages, normalized)) ?? notFound();
}

/** What a password form shows: the last attempt's outcome (`?lock=`) and where to come back to. */
function passwordForm(scope: string, path: string, query: Readonly<Record<string, string>>, viewer: Viewer) {
  const error =
    query.lock === 'wrong'
      ? messages.lockWrongPassword
      : query.lock === 'wait'
        ? messages.lockTooManyAttempts
        : undefined;
  const kept = Object.entries(query).filter(([k]) => k !== 'lock');
  const returnTo = `${path}${kept.length ? `?${new URLSearchParams(kept).toString()}` : ''}`;
  return { scope, error, returnTo, crumb: viewer.crumb };
}

/**
 * The first lock the visitor has not opened. The site's is the lock screen (103), which names
 * nothing of the site but its title; a page's (or a collection's, covering its items) is the
 * protected-content page (105): the page's title in the site's own frame, with the password form
 * in place of its content.
 */
export function lockScreen(
  scope: string,
  path: string,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
  page: PageRow | undefined,
): Resolved {
  const form = passwordForm(scope, path, query, viewer);
  // Never `page` itself: its context (and any content kept there) must not reach the form.
  if (scope === SITE_SCOPE)
    return {
      status: 401,
      pageType: PAGE_TYPE.lockScreen,
      templateName: 'lock-screen' satisfies SlideName,
      extra: { lock: { ...form, site: true, message: messages.lockedSite } },
      personal: true,
    };
  return {
    status: 401,
    pageType: PAGE_TYPE.protectedContent,
    templateName: 'protected-content',
    extra: {
      protectedContent: {
        ...form,
        title: page?.title,
        message: messages.lockedPage,
      },
    },
    personal: true,
  };
}

/**
 * Which page follows checkout: an order whose payment the processor has not confirmed yet (a bank
 * redirect, 3-D Secure not passed, a delayed method) is received (207), not confirmed; a paid
 * subscription's confirmation is its own type (206). The order status page (211) stays itself.
 */
export function afterCheckoutPageType(
  pageType: number,
  order: { status: string; subscriptionPlan: unknown },
): number {
  if (pageType !== PAGE_TYPE.orderConfirmed) return pageType;
  if (order.status === 'pending') return PAGE_TYPE.orderReceived;
  return order.subscriptionPlan ? PAGE_TYPE.subscriptionConfirmed : pageType;
}

/** Order confirmed (202) after checkout, order status (211) from the link in the receipt. */
export function orderPageType(path: string): { pageType: number; orderId?: string } | undefined {
  if (path === '/checkout/order-confirmed') return { pageType: PAGE_TYPE.orderConfirmed };
  const status = /^\/orders\/([^/]+)$/.exec(path);
  return status ? { pageType: PAGE_TYPE.orderStatus, orderId: status[1] } : undefined;
}

/** Links a resolution sends visitors to stay in their language. */
export function localizeResolved(resolved: Resolved, language: SiteLanguage | undefined): Resolved {
  if (!language) return resolved;
  const pages = resolved.extra.pagination as Pagination | undefined;
  const local = (url: string | undefined) => url && languagePath(url, language);
  return {
    ...resolved,
    location: local(resolved.location),
    folderPages: resolved.folderPages?.map((p) => ({ ...p, path: languagePath(p.path, language) })),
    extra: pages
      ? {
          ...resolved.extra,
          pagination: {
            ...pages,
            url: local(pages.url),
            prevUrl: local(pages.prevUrl),
            nextUrl: local(pages.nextUrl),
          },
        }
      : resolved.extra,
  };
}

/** The editor's unsaved product, shown on its store's product page in place of anything saved. */
export interface ProductPreview {
  collectionId: string;
  item: ProductItem;
}

/**
 * The product page of a draft: its store's item template, whatever the store's or the product's
 * visibility, since the owner previews before showing. Never cached (nobody else sees it).
 */
export function previewResolution(allPages: readonly PageRow[], preview: ProductPreview): Resolved {
  const store = allPages.find((p) => p.id === preview.collectionId && p.collectionType === 'products');
  if (!store?.itemTemplateName) return { ...notFound(), personal: true };
  return {
    status: 200,
    pageType: PAGE_TYPE.composerPreview,
    templateName: store.itemTemplateName,
    page: store,
    extra: { item: preview.item },
    personal: true,
  };
}

/**
 * A page's form (the contact page) drawn by the form block itself, so the page, the block on
 * editor-built pages and the editor's preview share one markup.
 */
function formBlockHtml(
  formId: string,
  form: { name: string; fields: readonly Record<string, unknown>[] },
  submitLabel: unknown,
): string {
  const settings = {
    formId,
    ...(typeof submitLabel === 'string' && submitLabel ? { buttonLabel: submitLabel } : {}),
  };
  return renderBlock(
    { id: `page-form-${formId}`, type: 'form', settings },
    { ...EMPTY_RENDER_DATA, forms: new Map([[formId, form]]) },
  ).html;
}
