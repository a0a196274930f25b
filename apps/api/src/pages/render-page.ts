import { compile, type Template, type TemplateError } from '@site/template-engine';
import type { Database } from '../db/client';
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
const PAGE_TYPE = { item: 50, notFound: 100 } as const;

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

async function resolvePath(db: Database, website: WebsiteRow, allPages: PageRow[], path: string): Promise<Resolved> {
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
  return { status: 404, pageType: PAGE_TYPE.notFound, templateName: 'not-found', extra: {} };
}

/** The JSON embedded for the storefront bundle: only what the browser needs, never the whole context. */
function pageContextForBrowser(website: WebsiteRow, resolved: Resolved, item: unknown) {
  return {
    websiteId: website.id,
    pageType: resolved.pageType,
    pageId: resolved.page?.id ?? null,
    collectionId: resolved.page?.id ?? null,
    itemId: (item as { id?: string } | undefined)?.id ?? null,
    storeCurrency: website.currency,
    locale: website.locale,
  };
}

// `</script>` inside embedded JSON would close the tag early.
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

export async function renderPage(
  db: Database,
  websiteId: string,
  path: string,
  assets: StorefrontAssets,
): Promise<RenderedPage | undefined> {
  const website = await loadWebsite(db, websiteId);
  if (!website) return undefined;
  const [allPages, sources] = await Promise.all([loadPages(db, websiteId), loadTemplateSources(db, websiteId)]);
  const resolved = await resolvePath(db, website, allPages, path);

  const context: Record<string, unknown> = {
    website: websiteContext(website),
    websiteSettings: website.settings,
    pageType: resolved.pageType,
    requestPath: path,
    collection: resolved.page ? collectionContext(resolved.page) : undefined,
    navigation: {
      items: allPages
        .filter((p) => p.enabled && p.navigationIndex !== null)
        .map((p) => ({ title: p.title, fullUrl: p.path, active: p.id === resolved.page?.id })),
    },
    ...resolved.extra,
  };

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
    pageContextJson: scriptSafe(JSON.stringify(pageContextForBrowser(website, resolved, resolved.extra.item))),
  });
  return { status: resolved.status, html, context, errors };
}
