import { folderPartials, type TemplateError } from '@site/template-engine';
import {
  fillMessage,
  instalmentContextFromPreferences,
  messages as commerceMessages,
  type InstalmentPreferences,
  orderNotesLabel,
  zeroPriceLabel,
} from '@site/commerce-core';
import {
  componentDocuments,
  documentReferences,
  renderDocument,
  siteStylesCss,
  type Block,
} from '@site/page-content';
import { storeSettings } from '../commerce/cart-store';
import type { Database } from '../db/client';
import { memberLinkContext } from './account-pages';
import type { SiteAssets } from '../site/assets';
import { knownTheme, themeSources, withThemeTemplates } from '../site/theme';
import { loadBlockRenderData } from './block-data';
import { headerFooterContext, visitorNavigation, type Viewer } from './site-chrome';
import { productMerchandisingContext, type MerchandisingSettings } from './merchandising';
import { variantChoices } from '../site/product-item';
import { breadcrumbs, seoContext } from './page-meta';
import { BrokenTemplateError } from './error-page';
import { pageContextForBrowser } from './browser-context';
import { isUnlocked, lockFor, lockedPageIds } from '../site/locks';
import { languageContext, prefixNavigation, translatedPages, translateItem } from './languages';
import { languagePath, readItemSeo, readPageSeo, splitLanguagePath } from '@site/page-content';
import { siteLanguages } from '../multilingual/settings';
import { isFiltered, listFilter } from '../site/list-filter';
import { requestedPage, type Pagination } from '../site/pagination';
import { storeCurrency, type loadProductItems } from '../site/site-data';
import { PAGE_TYPE } from '../site/page-type';
import { compiledTemplate, folderIndex } from './template-cache';
import {
  localizeResolved,
  lockScreen,
  previewResolution,
  resolvePath,
  type ProductPreview,
  withNotFoundPage,
} from './resolve-path';
import {
  collectionContext,
  confirmedOrderForBrowser,
  pagePermissionType,
  popupOverlayContext,
  visitorContext,
  websiteContext,
} from './page-context';
import { cacheRule, type PageCache } from './cache-rule';
import { siteIconLinks } from '../sites/site-icon';
import { productReviewsContext, reviewsJsonLd } from '../reviews/product-page';
import { productPageReviews } from '../reviews/reviews';
import { holdThirdPartyEmbeds } from './consent-embeds';
import type { SiteComponents, SiteSnapshot } from './site-snapshot';
import { closedPageIds, memberAreaBlockData, memberAreaScreen, withJoinedAreas } from './member-area-screen';

export interface RenderedPage {
  status: number;
  /** Where a moved page or a redirecting folder sends the visitor (with `status` 301 or 302). */
  location?: string;
  html: string;
  context: Record<string, unknown>;
  errors: TemplateError[];
  /** Present when the answer may be reused for other visitors of the same kind until the site changes. */
  cache?: PageCache;
}

type ProductItems = Awaited<ReturnType<typeof loadProductItems>>;

// `</script>` inside embedded JSON would close the tag early.
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The page at `requestedPath` of the site `site` is a snapshot of; `db` reads what the page shows
 * beyond it (products, posts, forms, files, reviews).
 */
export async function renderPage(
  db: Database,
  site: SiteSnapshot,
  requestedPath: string,
  query: Readonly<Record<string, string>>,
  assets: SiteAssets,
  viewer: Viewer = { member: false, now: new Date() },
  productPreview?: ProductPreview,
): Promise<RenderedPage> {
  const { website, headerFooter, locks, memberAreas: areas, navigation: trees } = site;
  const websiteId = website.id;
  // `/fr/shop` is `/shop` in French when the site added French (the page cache keys by the whole path).
  const added = siteLanguages(website.settings);
  const { language, path } = splitLanguagePath(requestedPath, added);
  // What member areas keep from this viewer: resolving (search), and the check below, read it.
  viewer = {
    ...viewer,
    closedPageIds: closedPageIds(areas, viewer),
    lockedPageIds: lockedPageIds(locks, viewer.cookies ?? {}, websiteId),
  };
  const { list: allPages, byId } = translatedPages(site.pages, language);
  // An editor previewing another theme sees the site's content in that theme's own templates.
  const theme = viewer.themePreview ?? knownTheme(website.theme);
  const sources = viewer.themePreview ? themeSources(viewer.themePreview) : new Map(site.templates);
  if (!viewer.themePreview) withThemeTemplates(sources, theme);
  const pageAssets = { js: assets.js, preload: assets.preload, css: [assets.stylesheets.url(theme)] };
  let resolved = productPreview
    ? localizeResolved(previewResolution(allPages, productPreview), language)
    : localizeResolved(await resolvePath(db, website, allPages, path, query, viewer, trees), language);
  // The owner previewing a locked store sees the product, not the lock screen.
  const scopes = productPreview ? [] : lockFor(locks, resolved.page?.id);
  if (scopes.length) {
    // Locked or unlocked, the answer depends on the visitor's cookie: never cached.
    resolved.personal = true;
    const closed = scopes.find(
      (scope) => !isUnlocked(viewer.cookies ?? {}, websiteId, scope, locks.get(scope)!),
    );
    if (closed) resolved = lockScreen(closed, path, query, viewer, resolved.page);
  }
  // A gated page (or an item of a gated collection) to someone who has not joined: the join screen.
  if (!productPreview && resolved.page && viewer.closedPageIds!.has(resolved.page.id))
    resolved = memberAreaScreen(resolved.page, areas, requestedPath, viewer, website);
  resolved = withJoinedAreas(resolved, areas, byId, viewer);
  resolved = withNotFoundPage(resolved, allPages);
  const pageDocuments = [headerFooter.footer.content, ...(resolved.document ? [resolved.document] : [])];
  // Website components the page places (read only when it places one): their blocks' products,
  // forms and files are loaded and followed by the cache like the page's own.
  const components: SiteComponents = pageDocuments.some((d) => documentReferences(d).components.length)
    ? await site.components()
    : new Map<string, { name: string; blocks: Block[] }>();
  const documents = [...pageDocuments, ...componentDocuments(pageDocuments, components)];
  // Any other page asked with a filter or a page number is answered but not kept, so the filter cannot multiply it in the cache.
  const cache =
    viewer.themePreview || ((isFiltered(listFilter(query)) || requestedPage(query) > 1) && !resolved.filtered)
      ? undefined
      : cacheRule(resolved, allPages, documents, viewer.now);
  if (resolved.location)
    return { status: resolved.status, location: resolved.location, html: '', context: {}, errors: [], cache };

  const options = { locale: website.locale, timeZone: website.timeZone };
  // The theme's blocks/*.block, applied as `{@|apply NAME.block}`.
  const partials = folderPartials(new Map([...sources].map(([name, entry]) => [name, entry.source])));
  const errors: TemplateError[] = [...(resolved.renderErrors ?? [])];
  const blockData = {
    ...(await loadBlockRenderData(db, website, allPages, documents)),
    components,
    memberAreas: memberAreaBlockData(areas, byId, viewer, storeCurrency(website)),
  };
  const menuAreas = new Map(areas.map((a) => [a.id, a]));
  const chrome = headerFooterContext(
    headerFooter,
    website,
    prefixNavigation(
      visitorNavigation(trees.secondaryNav, byId, viewer, resolved.page?.id, menuAreas),
      language,
    ),
    blockData,
    options,
  );
  const languages = languageContext(website, added, language, path, viewer.origin ?? '');
  errors.push(...chrome.errors);
  const collection: Record<string, unknown> | undefined = resolved.page && collectionContext(resolved.page);
  if (collection && resolved.document) {
    const body = renderDocument(resolved.document, blockData, options);
    errors.push(...body.errors);
    collection.mainContent = body.html;
  }
  if (collection && resolved.folderPages) {
    collection.mainContent = folderIndex().render({
      title: resolved.page!.title,
      pages: resolved.folderPages.map((p) => ({ title: p.title, fullUrl: p.path })),
    }).html;
  }

  const context: Record<string, unknown> = {
    website: websiteContext(website, language ?? website.locale),
    websiteSettings: { ...website.settings, storeSettings: storeSettings(website) },
    pageType: resolved.pageType,
    requestPath: requestedPath,
    collection,
    // A locked site shows nothing of itself, not even its menu.
    navigation: {
      items:
        resolved.pageType === PAGE_TYPE.lockScreen
          ? []
          : prefixNavigation(
              visitorNavigation(trees.mainNav, byId, viewer, resolved.page?.id, menuAreas),
              language,
            ),
    },
    popupOverlay: popupOverlayContext(website, resolved),
    // The cover page is the whole screen: no header, breadcrumbs or footer around it.
    hideSiteChrome: (resolved.status === 200 && resolved.pageType === PAGE_TYPE.cover) || undefined,
    // Lock screens, refusals and errors are not pages to index, nor what the owner hid from search engines.
    noindex:
      resolved.status >= 400 ||
      resolved.pageType === PAGE_TYPE.commerceEmailPreview ||
      resolved.pageType === PAGE_TYPE.composerPreview ||
      (resolved.page !== undefined && readPageSeo(resolved.page.seo).noindex) ||
      (resolved.itemSeo !== undefined && readItemSeo(resolved.itemSeo).noindex) ||
      undefined,
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
    if (Array.isArray(list))
      context[key] = list.map((i) => (i.structuredContent ? translateItem(i, language) : i));
  }
  const shown = context.item as ProductItems[number] | undefined;
  if (shown?.structuredContent) {
    const translated = translateItem(shown, language);
    const own = (languages.localizedStrings as Record<string, unknown> | undefined)?.productVariantSelectText;
    const selectText = typeof own === 'string' && own ? own : commerceMessages.selectVariant;
    context.item = {
      ...translated,
      variantChoices: variantChoices(translated.structuredContent, (name) =>
        fillMessage(selectText, { variantName: name }),
      ),
    };
  }

  // Native reviews on the product page (storefront.md), unless off or killed.
  const reviews =
    shown?.structuredContent && resolved.status === 200 && resolved.itemKind !== 'article'
      ? await productPageReviews(db, website.settings, website.id, shown.id)
      : undefined;
  if (reviews && shown)
    context.item = {
      ...(context.item as object),
      reviews: productReviewsContext(shown.id, reviews, language ?? website.locale),
    };

  const renderNamed = (name: string, data: unknown): string => {
    const entry = sources.get(name);
    if (!entry) {
      errors.push({ kind: 'PARTIAL_NOT_FOUND', message: `Template "${name}" is missing` });
      return '';
    }
    const result = compiledTemplate(`${websiteId}/${name}`, entry.version, entry.source).render(data, {
      ...options,
      partials,
    });
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
      itemSeo: resolved.itemSeo === undefined ? undefined : readItemSeo(resolved.itemSeo),
      path: requestedPath,
      pagination: resolved.extra.pagination as Pagination | undefined,
      origin: viewer.origin ?? '',
      fallbackDescription: allPages.find((p) => p.path === '/')?.description ?? '',
      reviewsJsonLd: reviewsJsonLd(reviews),
    }),
    breadcrumbs:
      resolved.status === 200
        ? breadcrumbs(resolved.page, item)?.map((c) =>
            c.fullUrl === item?.fullUrl ? c : { ...c, fullUrl: languagePath(c.fullUrl, language) },
          )
        : undefined,
    alternates: languages.alternates,
    siteIcon: siteIconLinks(website.settings),
    siteStylesCss: siteStylesCss(website.settings.siteStyles),
    storefrontAssets: pageAssets,
    pageContextJson: scriptSafe(
      JSON.stringify(
        pageContextForBrowser({
          websiteId: website.id,
          pageType: resolved.pageType,
          templateId: resolved.templateName,
          pageId: resolved.page?.id ?? null,
          collectionType: resolved.page?.collectionType,
          pagePermissionType: pagePermissionType(resolved.page, scopes.length > 0, viewer.now),
          // Listing pages need each product's variants to decide "Select Option" before adding.
          items:
            ((resolved.page?.collectionType === 'products' ? context.items : context.featuredProducts) as
              unknown[] | undefined) ?? [],
          item: context.item,
          merchandising: context.productMerchandisingContext,
          // The owner's instalment settings in the editor drive the pill (off: none at all).
          instalments: instalmentContextFromPreferences(
            (website.settings as { commercePreferences?: { instalments?: InstalmentPreferences } })
              .commercePreferences?.instalments,
            { locale: website.locale, shopperLanguage: language ?? website.locale },
          ),
          zeroPriceLabel: zeroPriceLabel(storeSettings(website)),
          afterAddToCart: storeSettings(website).afterAddToCart,
          orderNotesLabel:
            resolved.pageType === PAGE_TYPE.checkout ? orderNotesLabel(storeSettings(website)) : undefined,
          addressAutocomplete:
            resolved.pageType === PAGE_TYPE.checkout && viewer.addressAutocomplete === true,
          locale: language ?? website.locale,
          visitor: visitorContext(website, viewer),
          order: confirmedOrderForBrowser(resolved),
        }),
      ),
    ),
  });
  // Under opt-in, third-party frames wait for the visitor's marketing consent (storefront script).
  const asked = (context.cookieSettings as { isRestrictiveCookiePolicyEnabled: boolean })
    .isRestrictiveCookiePolicyEnabled;
  return { status: resolved.status, html: asked ? holdThirdPartyEmbeds(html) : html, context, errors, cache };
}
