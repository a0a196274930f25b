import { compile, type Template, type TemplateError } from '@site/template-engine';
import {
  documentReferences,
  PREVIEW_LIMITS,
  renderDocument,
  siteStylesCss,
  type BlockRenderData,
  type MemberArea,
  type EditorSite,
  type PageDocument,
  type PreviewProducts,
  type SiteLayoutEntry,
  type SiteLayoutLink,
} from '@site/page-content';

/** Where the page's content goes inside the layout; the frame patches only this element on edits. */
export const CONTENT_ID = 'ed-preview-content';
const CONTENT_MARKER = `<div id="${CONTENT_ID}" style="display:contents">\u0000</div>`;

export interface PreviewPage {
  id: string;
  title: string;
  path: string;
  description?: string;
}

const templates = new Map<string, { source: string; template: Template }>();
function templateFor(name: string, source: string): Template {
  const hit = templates.get(name);
  if (hit && hit.source === source) return hit.template;
  const template = compile(source);
  templates.set(name, { source, template });
  return template;
}

/** The site's data as blocks read it: the preview kit the server gave and the products the page shows. */
export function renderDataFor(site: EditorSite, preview?: PreviewProducts): BlockRenderData {
  const shopItems = new Map(preview?.shops.map((shop) => [shop.id, shop.items]));
  return {
    products: new Map(preview?.products.map((p) => [p.id, p.item])),
    collections: new Map(
      site.collections.map((c) => [
        c.id,
        {
          title: c.title,
          fullUrl: c.fullUrl,
          typeName: c.typeName,
          items: c.items ?? shopItems.get(c.id) ?? [],
        },
      ]),
    ),
    forms: new Map(site.forms.map((f) => [f.id, { name: f.name, fields: f.fields }])),
  };
}

/**
 * The areas as the member area block shows them in the preview: as a visitor who has not joined
 * sees it (the Join button to the area's first page), which is what the owner designs for.
 */
export function memberAreaPreview(
  areas: readonly MemberArea[] | undefined,
  pagePaths: ReadonlyMap<string, string> | undefined,
): BlockRenderData['memberAreas'] {
  return new Map(
    (areas ?? []).map((a) => [
      a.id,
      {
        name: a.name,
        description: a.description,
        url: a.pageIds.map((id) => pagePaths?.get(id)).find((path) => path !== undefined),
        joined: false,
        price: a.price,
        currency: a.currency,
      },
    ]),
  );
}

/**
 * What a preview of these documents asks the server for: the products their blocks name and the
 * shops their summary blocks show (other collections come with the site). Sorted, so the same
 * page asks the same question and an edit that names nothing new fetches nothing.
 */
export function previewReferences(site: EditorSite, documents: readonly PageDocument[]) {
  const shops = new Set(site.collections.filter((c) => c.items === undefined).map((c) => c.id));
  const ids = new Set<string>();
  const named = new Set<string>();
  for (const document of documents) {
    const refs = documentReferences(document);
    refs.products.forEach((id) => ids.add(id));
    refs.collections.filter((id) => shops.has(id)).forEach((id) => named.add(id));
  }
  return {
    ids: [...ids].sort().slice(0, PREVIEW_LIMITS.products),
    shops: [...named].sort().slice(0, PREVIEW_LIMITS.shops),
  };
}

function navigationItems(layout: SiteLayoutEntry[] | undefined, identifier: string, activePath: string) {
  const toItem = (link: SiteLayoutLink): Record<string, unknown> => ({
    title: link.title,
    fullUrl: link.fullUrl,
    active: link.fullUrl === activePath,
    newWindow: link.externalLink?.newWindow ?? false,
    // Always a list: a missing key would be looked up further out and find a collection's items.
    items: link.items?.filter((l) => l.enabled).map(toItem) ?? [],
  });
  return (
    layout
      ?.find((e) => e.identifier === identifier)
      // An area without pages yet leads nowhere, so the site leaves it out of the menu.
      ?.links.filter((l) => l.enabled && l.fullUrl !== '')
      .map(toItem) ?? []
  );
}

export interface PreviewParts {
  /** The page around its content; it changes only when the layout, header, footer or title change. */
  shell: string;
  content: string;
  errors: TemplateError[];
}

/**
 * The page as the server would render it, from the same templates with the same engine: the
 * page template around the rendered document, inside the site layout. Scripts are left out, so
 * the preview is static and safe to patch.
 */
export function renderPreview(
  site: EditorSite,
  page: PreviewPage,
  document: PageDocument,
  data: BlockRenderData,
  layout: SiteLayoutEntry[] | undefined,
): PreviewParts {
  const options = { locale: site.website.language, timeZone: site.website.timeZone };
  const body = renderDocument(document, data, options);
  const website = { ...site.website, baseUrl: '' };
  const collection = {
    id: page.id,
    title: page.title,
    fullUrl: page.path,
    description: page.description ?? '',
    typeName: 'page',
    type: 10,
  };
  const errors = [...body.errors];

  const pageResult = templateFor('page', site.templates.page ?? '{collection.mainContent}').render(
    { website, collection: { ...collection, mainContent: body.html }, pageType: 2 },
    options,
  );
  errors.push(...pageResult.errors);

  const footerHtml = renderDocument(site.headerFooter.footer.content, data, options);
  errors.push(...footerHtml.errors);
  const shellResult = templateFor('site', site.templates.site ?? '{mainContent}').render(
    {
      website,
      collection,
      pageType: 2,
      requestPath: page.path,
      // The site's title is kept in Settings › Site, one place for the header, tab and emails.
      header: { ...site.headerFooter.header, siteTitle: site.website.siteTitle },
      footer: {
        ...site.headerFooter.footer,
        contentHtml: footerHtml.html,
        navigation: navigationItems(layout, 'secondaryNav', page.path),
      },
      navigation: { items: navigationItems(layout, 'mainNav', page.path) },
      mainContent: CONTENT_MARKER,
      storefrontAssets: { css: site.stylesheets, js: [] },
      siteStylesCss: siteStylesCss(site.siteStyles),
      pageContextJson: '{}',
    },
    options,
  );
  errors.push(...shellResult.errors);
  return { shell: shellResult.html, content: pageResult.html, errors };
}

/** The whole page for the frame's first load. */
export function previewDocumentHtml(parts: PreviewParts): string {
  return parts.shell.replace('\u0000', parts.content);
}
