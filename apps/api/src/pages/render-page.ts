import { compile, folderPartials, type Template, type TemplateError } from '@site/template-engine';
import { fillMessage, messages as commerceMessages } from '@site/commerce-core';
import { COVER_PAGE_TYPE, coverPageView, documentReferences, EMPTY_RENDER_DATA, messages, pageVisibility, renderBlock, renderDocument, siteStylesCss, VIEWING_ROLES, type PageDocument } from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import { CART_COOKIE, HAS_CART_COOKIE } from '../commerce/cart-cookies';
import { storeSettings } from '../commerce/cart-store';
import { findOrder } from '../commerce/checkout';
import { loadForm } from '../forms/form-store';
import type { Database } from '../db/client';
import { redirects } from '../db/schema';
import { loadHeaderFooter } from '../editor/header-footer/header-footer-store';
import { loadNavigation, type NavigationTrees } from '../editor/navigation/navigation-store';
import { newsletterPage } from '../mailing-lists/newsletter-pages';
import { accountPage, memberLinkContext } from './account-pages';
import { memberAccountsEnabled } from '../site-users/members';
import { withThemeTemplates } from '../site/theme';
import { loadBlockRenderData } from './block-data';
import { headerFooterContext, visibleTo, visitorNavigation, type Viewer } from './site-chrome';
import { productMerchandisingContext, type MerchandisingSettings } from './merchandising';
import { variantChoices, type ProductItem } from './product-item';
import { orderContext } from './order-pages';
import { breadcrumbs, seoContext } from './page-meta';
import { resolveCollectionPath } from '../collections/collection-pages';
import { isItemCollection } from '../collections/collection-store';
import { resolveContentPath } from './content-routes';
import { BrokenTemplateError } from './error-page';
import { pageContextForBrowser } from './browser-context';
import { popupOverlaySettings } from './popup-overlay';
import { isUnlocked, loadLocks, lockFor, SITE_SCOPE } from './locks';
import { languageContext, prefixNavigation, translateItem, translatePage } from './languages';
import { languagePath, splitLanguagePath, type SiteLanguage } from '@site/page-content';
import { siteLanguages } from '../multilingual/settings';
import { isFiltered, listFilter } from './list-filter';
import { loadPages, loadProductItems, loadTemplateSources, loadWebsite, productCategoryLinks, type PageRow, type WebsiteRow } from './site-data';

export interface StorefrontAssets {
  js: string[];
  css: string[];
}

export interface RenderedPage {
  status: number;
  /** Where a moved page or a redirecting folder sends the visitor (with `status` 301 or 302). */
  location?: string;
  html: string;
  context: Record<string, unknown>;
  errors: TemplateError[];
  /** Present when the answer may be reused for other visitors of the same kind until the site changes. */
  cache?: { catalog: boolean; until?: number };
}

/** Page type codes of storefront.md §2 that this renderer produces. */
const PAGE_TYPE = { item: 50, notFound: 100, lockScreen: 103, accessDenied: 106, paywall: 107, cart: 200, orderConfirmed: 202, subscriptionConfirmed: 206, orderStatus: 211 } as const;

// Compiled templates are reused across requests until the stored source changes.
const compiled = new Map<string, { version: string; template: Template }>();
function compiledTemplate(key: string, version: string, source: string): Template {
  const hit = compiled.get(key);
  if (hit && hit.version === version) return hit.template;
  const template = compile(source);
  compiled.set(key, { version, template });
  return template;
}

function websiteContext(website: WebsiteRow, language: string) {
  return {
    id: website.id,
    siteTitle: website.title,
    timeZone: website.timeZone,
    language,
    baseUrl: '',
    // The share-button formatters read it from `website` (platform.md §3).
    shareButtonOptions: website.settings.shareButtonOptions,
  };
}

function collectionContext(page: PageRow) {
  return {
    id: page.id,
    title: page.title,
    fullUrl: page.path,
    typeName: page.collectionType,
    type: page.collectionType === 'products' ? 13 : 10,
    ...page.context,
    description: page.description,
  };
}

interface Resolved {
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
  /** Depends on the query string or on who asks (an order looked up by its token). */
  personal?: boolean;
  /** Main content rendered by the feature that owns the path (the newsletter pages). */
  mainHtml?: string;
  /** A cached answer goes stale then (an event ends). */
  cacheUntil?: number;
  /** A list narrowed by the query's tag or category, which the page cache may keep under it. */
  filtered?: boolean;
  /** Errors of parts rendered while resolving (a gallery page's pictures). */
  renderErrors?: TemplateError[];
}

const notFound = (): Resolved => ({ status: 404, pageType: PAGE_TYPE.notFound, templateName: 'not-found', extra: {} });
const moved = (status: 301 | 302, location: string): Resolved => ({ ...notFound(), status, location });

/** A folder's pages as its menu lists them, then any others of it that are not linked. */
function folderPages(folder: PageRow, allPages: readonly PageRow[], trees: NavigationTrees, viewer: Viewer): PageRow[] {
  const linked = [...trees.mainNav, ...trees.secondaryNav].find((item) => item.collectionId === folder.id)?.items ?? [];
  const ids = [...linked.flatMap((item) => (item.collectionId ? [item.collectionId] : [])), ...allPages.filter((p) => p.parentId === folder.id).map((p) => p.id)];
  const byId = new Map(allPages.map((p) => [p.id, p]));
  return [...new Set(ids)].flatMap((id) => {
    const page = byId.get(id);
    return page && visibleTo(page, viewer) ? [page] : [];
  });
}

/** Visitors see what pageVisibility allows; disabled pages and drafts do not exist for them. */
function guardPage(page: PageRow, viewer: Viewer, website: WebsiteRow): Resolved | undefined {
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
    return { status: 403, pageType: PAGE_TYPE.accessDenied, templateName: 'access-denied', extra: { message: messages.membersOnly } };
  }
  return undefined;
}

function resolveFolder(folder: PageRow, allPages: readonly PageRow[], trees: NavigationTrees, viewer: Viewer): Resolved {
  const children = folderPages(folder, allPages, trees, viewer);
  switch (folder.folderBehavior ?? 'index') {
    case 'redirect':
      return children[0] ? moved(302, children[0].path) : notFound();
    case 'index':
      return { status: 200, pageType: folder.pageType, templateName: 'page', page: folder, extra: {}, folderPages: children };
    default:
      return notFound();
  }
}

async function findRedirect(db: Database, websiteId: string, path: string): Promise<string | undefined> {
  const [row] = await db
    .select({ toPath: redirects.toPath })
    .from(redirects)
    .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, path)));
  return row?.toPath;
}

async function resolvePath(
  db: Database,
  website: WebsiteRow,
  allPages: PageRow[],
  path: string,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
  trees: NavigationTrees,
): Promise<Resolved> {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const content = await resolveContentPath(db, website, allPages, normalized, query, viewer);
  if (content) return content;
  const account = accountPage(normalized, query, viewer, website);
  if (account) return account;
  const page = allPages.find((p) => p.path === normalized);
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
      const items = await loadProductItems(db, website, { id: page.id, path: page.path }, filter);
      extra.items = items;
      extra.productCategories = await productCategoryLinks(db, page, filter);
      if (isFiltered(filter)) extra.filter = filter;
      // A filter that matches nothing is not kept: made-up names could otherwise fill the cache.
      filtered = items.length > 0;
    }
    if (page.path === '/') {
      const shop = allPages.find((p) => p.collectionType === 'products' && p.enabled);
      if (shop) extra.featuredProducts = (await loadProductItems(db, website, { id: shop.id, path: shop.path })).slice(0, 4);
    }
    if (page.pageType === COVER_PAGE_TYPE) extra.cover = coverPageView(page.title, page.context.cover);
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
    if (page.kind === 'page' && page.publishedDocument && page.pageType !== COVER_PAGE_TYPE) {
      return { status: 200, pageType: page.pageType, templateName: 'page', page, extra, document: page.publishedDocument, filtered };
    }
    // The cart page shows its empty state straight away when the visitor has no cart; one who may
    // have one (storefront.md §4: signed in, or a cart cookie) gets the loading state until the
    // script fetches it. Either way the answer depends on cookies, so it is not cached.
    if (page.pageType === PAGE_TYPE.cart) {
      extra.hasCart = viewer.member || viewer.cookies?.[HAS_CART_COOKIE] === 'true' || Boolean(viewer.cookies?.[CART_COOKIE]);
      return { status: 200, pageType: page.pageType, templateName: page.templateName, page, extra, personal: true };
    }
    return { status: 200, pageType: page.pageType, templateName: page.templateName, page, extra, filtered };
  }
  // An event or a video: <collection path>/<urlId>.
  const collectionItem = await resolveCollectionPath(db, allPages.filter((p) => visibleTo(p, viewer)), normalized, viewer.now);
  if (collectionItem) return collectionItem;
  // A product detail page: <collection path>/p/<urlId>.
  const match = /^(.*)\/p\/([^/]+)$/.exec(normalized);
  if (match) {
    const collection = allPages.find((p) => visibleTo(p, viewer) && p.path === (match[1] || '/') && p.collectionType === 'products');
    if (collection?.itemTemplateName) {
      const [item] = await loadProductItems(db, website, { id: collection.id, path: collection.path }, { urlId: match[2] });
      if (item) {
        return {
          status: 200,
          pageType: PAGE_TYPE.item,
          templateName: collection.itemTemplateName,
          page: collection,
          extra: { item },
        };
      }
    }
  }
  const newsletter = await newsletterPage(db, website.id, normalized, query);
  if (newsletter) return { status: newsletter.status, pageType: newsletter.pageType, templateName: 'newsletter', extra: {}, mainHtml: newsletter.html, personal: true };
  const orderPage = orderPageType(normalized);
  if (orderPage) {
    const orderId = orderPage.orderId ?? query.orderId ?? '';
    const found = orderId && query.token ? await findOrder(db, website.id, orderId, query.token) : undefined;
    // A subscription's confirmation is its own page type (206).
    const pageType = found?.order.subscriptionPlan && orderPage.pageType === PAGE_TYPE.orderConfirmed ? PAGE_TYPE.subscriptionConfirmed : orderPage.pageType;
    return {
      status: found ? 200 : 404,
      pageType,
      templateName: 'order-confirmed',
      extra: found ? { order: await orderContext(db, found) } : {},
      personal: true,
    };
  }
  const location = await findRedirect(db, website.id, normalized);
  return location ? moved(301, location) : notFound();
}

/**
 * The lock screen (103) of the first lock the visitor has not opened. A page's lock names the page;
 * the site's names nothing of the site but its title. `?lock=` carries the last attempt's outcome.
 */
function lockScreen(scope: string, path: string, query: Readonly<Record<string, string>>, viewer: Viewer, page: PageRow | undefined): Resolved {
  const error = query.lock === 'wrong' ? messages.lockWrongPassword : query.lock === 'wait' ? messages.lockTooManyAttempts : undefined;
  const returnTo = `${path}${Object.keys(query).some((k) => k !== 'lock') ? `?${new URLSearchParams(Object.entries(query).filter(([k]) => k !== 'lock')).toString()}` : ''}`;
  return {
    status: 401,
    pageType: PAGE_TYPE.lockScreen,
    templateName: 'lock-screen',
    // Not the page itself: its context (and any content kept there) must not reach the lock screen.
    extra: {
      lock: {
        scope,
        site: scope === SITE_SCOPE,
        title: scope === SITE_SCOPE ? undefined : page?.title,
        message: scope === SITE_SCOPE ? messages.lockedSite : messages.lockedPage,
        error,
        returnTo,
        crumb: viewer.crumb,
      },
    },
    personal: true,
  };
}

/** Order confirmed (202) after checkout, order status (211) from the link in the receipt. */
function orderPageType(path: string): { pageType: number; orderId?: string } | undefined {
  if (path === '/checkout/order-confirmed') return { pageType: PAGE_TYPE.orderConfirmed };
  const status = /^\/orders\/([^/]+)$/.exec(path);
  return status ? { pageType: PAGE_TYPE.orderStatus, orderId: status[1] } : undefined;
}

/**
 * The page context fields of storefront.md §3 beyond the page itself: who is signed in and their
 * roles on this site (every role named, true or false), cookie settings, store currency and the
 * beta flags that are on. Per member, so the page cache keys members by id.
 */
function visitorContext(website: WebsiteRow, viewer: Viewer) {
  const settings = website.settings as { cookieSettings?: { isRestrictiveCookiePolicyEnabled?: boolean; isCookieBannerEnabled?: boolean }; betaFeatureFlags?: unknown; censusDisabled?: unknown; captchaSettings?: { siteKey?: unknown } };
  const roles = viewer.account?.roles ?? [];
  return {
    authenticatedAccount: viewer.account ? { id: viewer.account.id } : undefined,
    websiteRoles: Object.fromEntries(VIEWING_ROLES.map((role) => [role, roles.includes(role)])),
    cookieSettings: {
      isRestrictiveCookiePolicyEnabled: settings.cookieSettings?.isRestrictiveCookiePolicyEnabled === true,
      isCookieBannerEnabled: settings.cookieSettings?.isCookieBannerEnabled === true,
    },
    storeCurrency: website.currency,
    betaFeatureFlags: Array.isArray(settings.betaFeatureFlags) ? settings.betaFeatureFlags.filter((f): f is string => typeof f === 'string') : [],
    // The owner's switch that turns visitor tracking off for the whole site (storefront.md §4).
    censusDisabled: settings.censusDisabled === true,
    // Public by design: the provider's script is loaded with it (the secret stays in CAPTCHA_SECRET).
    ...(typeof settings.captchaSettings?.siteKey === 'string' && settings.captchaSettings.siteKey
      ? { captchaSettings: { siteKey: settings.captchaSettings.siteKey } }
      : {}),
  };
}

type OrderContext = Awaited<ReturnType<typeof orderContext>>;

/**
 * The confirmed order as the purchase event reports it (transaction id, value, shipping, tax and
 * items), only on the confirmation page: the order status page is revisited and is no purchase.
 */
function confirmedOrderForBrowser(resolved: Resolved) {
  const order = resolved.extra.order as OrderContext | undefined;
  if (!order || (resolved.pageType !== PAGE_TYPE.orderConfirmed && resolved.pageType !== PAGE_TYPE.subscriptionConfirmed)) return undefined;
  return {
    id: order.id,
    currency: order.grandTotal.currency,
    grandTotal: Number(order.grandTotal.value),
    shipping: Number(order.shipping.value),
    tax: Number(order.tax.value),
    items: order.items.map((i) => ({ itemId: i.itemId, productName: i.productName, sku: i.sku, quantity: i.quantity, unitPrice: Number(i.unitPrice.value) })),
  };
}

/**
 * The popup overlay (104), when the owner turned it on (website settings `popupOverlay`); never
 * over a cover page, a lock screen, an error, a refusal, the cart or checkout, where it would stand in the way.
 */
function popupOverlayContext(website: WebsiteRow, resolved: Resolved) {
  if (resolved.status !== 200 || [COVER_PAGE_TYPE, 200, 201, 205].includes(resolved.pageType)) return undefined;
  return popupOverlaySettings(website.settings);
}

type ProductItems = Awaited<ReturnType<typeof loadProductItems>>;

/** Links a resolution sends visitors to stay in their language. */
function localizeResolved(resolved: Resolved, language: SiteLanguage | undefined): Resolved {
  if (!language) return resolved;
  return {
    ...resolved,
    location: resolved.location && languagePath(resolved.location, language),
    folderPages: resolved.folderPages?.map((p) => ({ ...p, path: languagePath(p.path, language) })),
  };
}

let folderIndexTemplate: Template | undefined;
/** A folder's own URL, when it behaves as an index: a list of its pages. */
function folderIndex(): Template {
  folderIndexTemplate ??= compile(
    '<h1>{title|htmltag}</h1><nav class="folder-index" aria-label="In this folder"><ul>{.repeated section pages}<li><a href="{fullUrl|htmlattr}">{title|htmltag}</a></li>{.end}</ul></nav>',
  );
  return folderIndexTemplate;
}

// `</script>` inside embedded JSON would close the tag early.
/**
 * A page's form (the contact page) drawn by the form block itself, so the page, the block on
 * editor-built pages and the editor's preview share one markup.
 */
function formBlockHtml(formId: string, form: { name: string; fields: readonly Record<string, unknown>[] }, submitLabel: unknown): string {
  const settings = { formId, ...(typeof submitLabel === 'string' && submitLabel ? { buttonLabel: submitLabel } : {}) };
  return renderBlock({ id: `page-form-${formId}`, type: 'form', settings }, { ...EMPTY_RENDER_DATA, forms: new Map([[formId, form]]) }).html;
}

const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** The editor's unsaved product, shown on its store's product page in place of anything saved. */
export interface ProductPreview {
  collectionId: string;
  item: ProductItem;
}

/**
 * The product page of a draft: its store's item template, whatever the store's or the product's
 * visibility, since the owner previews before showing. Never cached (nobody else sees it).
 */
function previewResolution(allPages: readonly PageRow[], preview: ProductPreview): Resolved {
  const store = allPages.find((p) => p.id === preview.collectionId && p.collectionType === 'products');
  if (!store?.itemTemplateName) return { ...notFound(), personal: true };
  return { status: 200, pageType: PAGE_TYPE.item, templateName: store.itemTemplateName, page: store, extra: { item: preview.item }, personal: true };
}

export async function renderPage(
  db: Database,
  websiteId: string,
  requestedPath: string,
  query: Readonly<Record<string, string>>,
  assets: StorefrontAssets,
  viewer: Viewer = { member: false, now: new Date() },
  productPreview?: ProductPreview,
): Promise<RenderedPage | undefined> {
  const website = await loadWebsite(db, websiteId);
  if (!website) return undefined;
  // `/fr/shop` is `/shop` in French when the site added French (the page cache keys by the whole path).
  const added = siteLanguages(website.settings);
  const { language, path } = splitLanguagePath(requestedPath, added);
  const [storedPages, sources, headerFooter, locks] = await Promise.all([
    loadPages(db, websiteId),
    loadTemplateSources(db, websiteId),
    loadHeaderFooter(db, website),
    loadLocks(db, websiteId),
  ]);
  const allPages = storedPages.map((p) => translatePage(p, language));
  withThemeTemplates(sources);
  const trees = await loadNavigation(db, websiteId, allPages);
  let resolved = productPreview
    ? localizeResolved(previewResolution(allPages, productPreview), language)
    : localizeResolved(await resolvePath(db, website, allPages, path, query, viewer, trees), language);
  // The owner previewing a locked store sees the product, not the lock screen.
  const scopes = productPreview ? [] : lockFor(locks, resolved.page?.id);
  if (scopes.length) {
    // Locked or unlocked, the answer depends on the visitor's cookie: never cached.
    resolved.personal = true;
    const closed = scopes.find((scope) => !isUnlocked(viewer.cookies ?? {}, websiteId, scope, locks.get(scope)!));
    if (closed) resolved = lockScreen(closed, path, query, viewer, resolved.page);
  }
  const documents = [headerFooter.footer.content, ...(resolved.document ? [resolved.document] : [])];
  // Any other page asked with a filter is answered but not kept, so the filter cannot multiply it in the cache.
  const cache = isFiltered(listFilter(query)) && !resolved.filtered ? undefined : cacheRule(resolved, allPages, documents, viewer.now);
  if (resolved.location) return { status: resolved.status, location: resolved.location, html: '', context: {}, errors: [], cache };

  const options = { locale: website.locale, timeZone: website.timeZone };
  // The theme's blocks/*.block, applied as `{@|apply NAME.block}`.
  const partials = folderPartials(new Map([...sources].map(([name, entry]) => [name, entry.source])));
  const errors: TemplateError[] = [...(resolved.renderErrors ?? [])];
  const blockData = await loadBlockRenderData(db, website, allPages, documents);
  const byId = new Map(allPages.map((p) => [p.id, p]));
  const chrome = headerFooterContext(headerFooter, website, prefixNavigation(visitorNavigation(trees.secondaryNav, byId, viewer, resolved.page?.id), language), blockData, options);
  const languages = languageContext(website, added, language, path, viewer.origin ?? '');
  errors.push(...chrome.errors);
  const collection: Record<string, unknown> | undefined = resolved.page && collectionContext(resolved.page);
  if (collection && resolved.document) {
    const body = renderDocument(resolved.document, blockData, options);
    errors.push(...body.errors);
    collection.mainContent = body.html;
  }
  if (collection && resolved.folderPages) {
    collection.mainContent = folderIndex().render({ title: resolved.page!.title, pages: resolved.folderPages.map((p) => ({ title: p.title, fullUrl: p.path })) }).html;
  }

  const context: Record<string, unknown> = {
    website: websiteContext(website, language ?? website.locale),
    websiteSettings: { ...website.settings, storeSettings: storeSettings(website) },
    pageType: resolved.pageType,
    requestPath: requestedPath,
    collection,
    // A locked site shows nothing of itself, not even its menu.
    navigation: { items: resolved.pageType === PAGE_TYPE.lockScreen && !resolved.page ? [] : prefixNavigation(visitorNavigation(trees.mainNav, byId, viewer, resolved.page?.id), language) },
    popupOverlay: popupOverlayContext(website, resolved),
    // The cover page is the whole screen: no header, breadcrumbs or footer around it.
    hideSiteChrome: (resolved.status === 200 && resolved.pageType === COVER_PAGE_TYPE) || undefined,
    // Lock screens, refusals and errors are not pages to index.
    noindex: resolved.status >= 400 || undefined,
    header: chrome.header,
    footer: chrome.footer,
    featureFlags: { useCLDRMoneyFormat: true },
    ...visitorContext(website, viewer),
    memberLink: memberLinkContext(website, viewer),
    localizedStrings: languages.localizedStrings,
    languageSwitcher: languages.switcher,
    ...resolved.extra,
  };
  const items = [
    ...((resolved.extra.items as ProductItems | undefined) ?? []),
    ...((resolved.extra.featuredProducts as ProductItems | undefined) ?? []),
    ...(resolved.extra.item ? [resolved.extra.item as ProductItems[number]] : []),
  ];
  // Blog posts are items too, without a product's structured content.
  if (items.length && items.every((i) => i.structuredContent)) {
    const settings = website.settings as { merchandising?: MerchandisingSettings };
    context.productMerchandisingContext = productMerchandisingContext(items, settings.merchandising);
  }
  for (const key of ['items', 'featuredProducts'] as const) {
    const list = context[key] as ProductItems | undefined;
    if (Array.isArray(list)) context[key] = list.map((i) => (i.structuredContent ? translateItem(i, language) : i));
  }
  const shown = context.item as ProductItems[number] | undefined;
  if (shown?.structuredContent) {
    const translated = translateItem(shown, language);
    const own = (languages.localizedStrings as Record<string, unknown> | undefined)?.productVariantSelectText;
    const selectText = typeof own === 'string' && own ? own : commerceMessages.selectVariant;
    context.item = { ...translated, variantChoices: variantChoices(translated.structuredContent, (name) => fillMessage(selectText, { variantName: name })) };
  }

  const renderNamed = (name: string, data: unknown): string => {
    const entry = sources.get(name);
    if (!entry) {
      errors.push({ kind: 'PARTIAL_NOT_FOUND', message: `Template "${name}" is missing` });
      return '';
    }
    const result = compiledTemplate(`${websiteId}/${name}`, entry.version, entry.source).render(data, { ...options, partials });
    errors.push(...result.errors);
    return result.html;
  };

  // A template that does not parse would show visitors half a page: the error page (101) instead.
  for (const name of resolved.mainHtml ? ['site'] : [resolved.templateName, 'site']) {
    const entry = sources.get(name);
    const broken = entry && compiledTemplate(`${websiteId}/${name}`, entry.version, entry.source).errors;
    if (broken?.length) throw new BrokenTemplateError(name, broken);
  }
  const mainContent = resolved.mainHtml ?? renderNamed(resolved.templateName, context);
  const item = context.item as Parameters<typeof seoContext>[0]['item'];
  const html = renderNamed('site', {
    ...context,
    mainContent,
    seo: seoContext({
      website,
      page: resolved.page,
      item,
      itemKind: resolved.itemKind,
      path: requestedPath,
      origin: viewer.origin ?? '',
      fallbackDescription: allPages.find((p) => p.path === '/')?.description ?? '',
    }),
    breadcrumbs: resolved.status === 200 ? breadcrumbs(resolved.page, item)?.map((c) => (c.fullUrl === item?.fullUrl ? c : { ...c, fullUrl: languagePath(c.fullUrl, language) })) : undefined,
    alternates: languages.alternates,
    siteStylesCss: siteStylesCss(website.settings.siteStyles),
    storefrontAssets: assets,
    pageContextJson: scriptSafe(
      JSON.stringify(
        pageContextForBrowser({
          websiteId: website.id,
          pageType: resolved.pageType,
          templateId: resolved.templateName,
          pageId: resolved.page?.id ?? null,
          // Listing pages need each product's variants to decide "Select Option" before adding.
          items: ((resolved.page?.collectionType === 'products' ? context.items : context.featuredProducts) as unknown[] | undefined) ?? [],
          item: context.item,
          merchandising: context.productMerchandisingContext,
          instalments: (website.settings as { instalments?: unknown }).instalments,
          locale: language ?? website.locale,
          visitor: visitorContext(website, viewer),
          order: confirmedOrderForBrowser(resolved),
        }),
      ),
    ),
  });
  return { status: resolved.status, html, context, errors, cache };
}

/**
 * Unknown paths are not kept: anyone can ask for endless ones. A page shows the catalog when it
 * lists, features or details products, or its blocks name any (one disabled now may come back).
 */
function cacheRule(resolved: Resolved, allPages: readonly PageRow[], documents: readonly PageDocument[], now: Date): RenderedPage['cache'] {
  if (resolved.personal || resolved.status === 404) return undefined;
  const catalog =
    'items' in resolved.extra ||
    'featuredProducts' in resolved.extra ||
    'item' in resolved.extra ||
    documents.some((document) => {
      const refs = documentReferences(document);
      return refs.products.length > 0 || refs.collections.length > 0;
    });
  const goingLive = allPages.flatMap((p) => (p.status === 'scheduled' && p.publishAt && p.publishAt > now ? [p.publishAt.getTime()] : []));
  if (resolved.cacheUntil !== undefined) goingLive.push(resolved.cacheUntil);
  return { catalog, until: goingLive.length ? Math.min(...goingLive) : undefined };
}
