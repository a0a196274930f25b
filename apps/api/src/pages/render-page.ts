import { compile, type Template, type TemplateError } from '@site/template-engine';
import { isCurrencyCode, minorToMoney } from '@site/commerce-core';
import { storeSettings } from '../commerce/cart-store';
import { findOrder } from '../commerce/checkout';
import { loadForm } from '../forms/form-store';
import type { Database } from '../db/client';
import { productMerchandisingContext, type MerchandisingSettings } from './merchandising';
import { loadPages, loadProductItems, loadTemplateSources, loadWebsite, type PageRow, type WebsiteRow } from './site-data';

export interface StorefrontAssets {
  js: string[];
  css: string[];
}

export interface RenderedPage {
  status: number;
  html: string;
  context: Record<string, unknown>;
  errors: TemplateError[];
}

/** Page type codes of storefront.md §2 that this renderer produces. */
const PAGE_TYPE = { item: 50, notFound: 100, orderConfirmed: 202, subscriptionConfirmed: 206, orderStatus: 211 } as const;

// Compiled templates are reused across requests until the stored source changes.
const compiled = new Map<string, { version: string; template: Template }>();
function compiledTemplate(key: string, version: string, source: string): Template {
  const hit = compiled.get(key);
  if (hit && hit.version === version) return hit.template;
  const template = compile(source);
  compiled.set(key, { version, template });
  return template;
}

function websiteContext(website: WebsiteRow) {
  return {
    id: website.id,
    siteTitle: website.title,
    timeZone: website.timeZone,
    language: website.locale,
    baseUrl: '',
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
  };
}

interface Resolved {
  status: number;
  pageType: number;
  templateName: string;
  page?: PageRow;
  extra: Record<string, unknown>;
}

async function resolvePath(
  db: Database,
  website: WebsiteRow,
  allPages: PageRow[],
  path: string,
  query: Readonly<Record<string, string>>,
): Promise<Resolved> {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = allPages.find((p) => p.enabled && p.path === normalized);
  if (page) {
    const extra: Record<string, unknown> = {};
    if (page.collectionType === 'products') {
      extra.items = await loadProductItems(db, website, { id: page.id, path: page.path });
    }
    if (page.path === '/') {
      const shop = allPages.find((p) => p.collectionType === 'products' && p.enabled);
      if (shop) extra.featuredProducts = (await loadProductItems(db, website, { id: shop.id, path: shop.path })).slice(0, 4);
    }
    const formId = page.context.formId;
    if (typeof formId === 'string') {
      const loaded = await loadForm(db, website.id, formId);
      // A missing form leaves the page without it (the template shows its empty state).
      if (loaded.kind === 'found') extra.form = loaded.form;
    }
    return { status: 200, pageType: page.pageType, templateName: page.templateName, page, extra };
  }
  // A product detail page: <collection path>/p/<urlId>.
  const match = /^(.*)\/p\/([^/]+)$/.exec(normalized);
  if (match) {
    const collection = allPages.find((p) => p.enabled && p.path === (match[1] || '/') && p.collectionType === 'products');
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
      extra: found ? { order: orderContext(found) } : {},
    };
  }
  return { status: 404, pageType: PAGE_TYPE.notFound, templateName: 'not-found', extra: {} };
}

/** Order confirmed (202) after checkout, order status (211) from the link in the receipt. */
function orderPageType(path: string): { pageType: number; orderId?: string } | undefined {
  if (path === '/checkout/order-confirmed') return { pageType: PAGE_TYPE.orderConfirmed };
  const status = /^\/orders\/([^/]+)$/.exec(path);
  return status ? { pageType: PAGE_TYPE.orderStatus, orderId: status[1] } : undefined;
}

function orderContext({ order, items }: NonNullable<Awaited<ReturnType<typeof findOrder>>>) {
  const currency = isCurrencyCode(order.currency) ? order.currency : 'USD';
  const money = (cents: number) => minorToMoney({ minor: BigInt(cents), currency });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    email: order.email,
    testMode: order.testMode,
    subscriptionPlan: order.subscriptionPlan ?? undefined,
    createdOn: order.createdAt.getTime(),
    shippingAddress: order.shippingAddress ?? undefined,
    shippingOption: order.shippingOption ?? undefined,
    items: items.map((i) => ({ productName: i.productName, sku: i.sku, quantity: i.quantity, unitPrice: money(i.unitPriceCents) })),
    subtotal: money(order.subtotalCents),
    discount: order.discountCents > 0 ? money(order.discountCents) : undefined,
    shipping: money(order.shippingCents),
    tax: money(order.taxCents),
    grandTotal: money(order.grandTotalCents),
  };
}

/** The JSON embedded for the storefront bundle: only what the browser needs, never the whole context. */
function pageContextForBrowser(website: WebsiteRow, resolved: Resolved, merchandising: unknown) {
  const item = resolved.extra.item;
  return {
    websiteId: website.id,
    pageType: resolved.pageType,
    templateId: resolved.templateName,
    pageId: resolved.page?.id ?? null,
    collectionId: resolved.page?.id ?? null,
    itemId: (item as { id?: string } | undefined)?.id ?? null,
    storeCurrency: website.currency,
    item: item ?? null,
    // Listing pages need each product's variants to decide "Select Option" before adding.
    items: resolved.extra.items ?? resolved.extra.featuredProducts ?? [],
    merchandising: merchandising ?? {},
    instalments: (website.settings as { instalments?: unknown }).instalments,
    locale: website.locale,
  };
}

type ProductItems = Awaited<ReturnType<typeof loadProductItems>>;

// `</script>` inside embedded JSON would close the tag early.
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

export async function renderPage(
  db: Database,
  websiteId: string,
  path: string,
  query: Readonly<Record<string, string>>,
  assets: StorefrontAssets,
): Promise<RenderedPage | undefined> {
  const website = await loadWebsite(db, websiteId);
  if (!website) return undefined;
  const [allPages, sources] = await Promise.all([loadPages(db, websiteId), loadTemplateSources(db, websiteId)]);
  const resolved = await resolvePath(db, website, allPages, path, query);

  const context: Record<string, unknown> = {
    website: websiteContext(website),
    websiteSettings: { ...website.settings, storeSettings: storeSettings(website) },
    pageType: resolved.pageType,
    requestPath: path,
    collection: resolved.page ? collectionContext(resolved.page) : undefined,
    navigation: {
      items: allPages
        .filter((p) => p.enabled && p.navigationIndex !== null)
        .map((p) => ({ title: p.title, fullUrl: p.path, active: p.id === resolved.page?.id })),
    },
    featureFlags: { useCLDRMoneyFormat: true },
    localizedStrings: {},
    ...resolved.extra,
  };
  const items = [
    ...((resolved.extra.items as ProductItems | undefined) ?? []),
    ...((resolved.extra.featuredProducts as ProductItems | undefined) ?? []),
    ...(resolved.extra.item ? [resolved.extra.item as ProductItems[number]] : []),
  ];
  if (items.length) {
    const settings = website.settings as { merchandising?: MerchandisingSettings };
    context.productMerchandisingContext = productMerchandisingContext(items, settings.merchandising);
  }

  const errors: TemplateError[] = [];
  const renderNamed = (name: string, data: unknown): string => {
    const entry = sources.get(name);
    if (!entry) {
      errors.push({ kind: 'PARTIAL_NOT_FOUND', message: `Template "${name}" is missing` });
      return '';
    }
    const result = compiledTemplate(`${websiteId}/${name}`, entry.version, entry.source).render(data, {
      locale: website.locale,
      timeZone: website.timeZone,
    });
    errors.push(...result.errors);
    return result.html;
  };

  const mainContent = renderNamed(resolved.templateName, context);
  const html = renderNamed('site', {
    ...context,
    mainContent,
    storefrontAssets: assets,
    pageContextJson: scriptSafe(JSON.stringify(pageContextForBrowser(website, resolved, context.productMerchandisingContext))),
  });
  return { status: resolved.status, html, context, errors };
}
