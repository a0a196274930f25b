import {
  businessHoursRows,
  messages,
  PREVIEW_LIMITS,
  type EditorSite,
  type PreviewProducts,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forms, products } from '../../db/schema';
import { textArray } from '../../db/text-array';
import { loadSummaryCollections } from '../../collections/collection-store';
import { loadForm } from '../../forms/form-store';
import { loadPages, loadProductItems, loadTemplateSources, loadWebsite } from '../../site/site-data';
import { loadHeaderFooter } from '../../site/header-footer-store';
import { ApiError } from '../../http';
import { readSiteStyles } from '../site-styles/site-styles-store';
import { knownTheme } from '../../site/theme';
import type { SiteStylesheets } from '../../site/site-stylesheet';

/** The preview kit: everything the editor needs to render a page in the browser as the server does. */
export async function editorSite(
  db: Database,
  websiteId: string,
  stylesheets: Pick<SiteStylesheets, 'url'>,
  billing?: BillingOptions,
): Promise<EditorSite> {
  const website = await loadWebsite(db, websiteId);
  if (!website) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
  const [allPages, sources, headerFooter, formRows] = await Promise.all([
    loadPages(db, websiteId),
    loadTemplateSources(db, websiteId),
    loadHeaderFooter(db, website),
    db.select({ id: forms.id }).from(forms).where(eq(forms.websiteId, websiteId)),
  ]);
  const shops = allPages.filter((p) => p.collectionType === 'products');
  const summarisable = allPages.filter((p) => p.collectionType !== 'products' && p.kind === 'collection');
  // No products here: a catalogue can be 100 000 of them. The preview asks for the few it shows.
  const [loadedForms, others] = await Promise.all([
    Promise.all(formRows.map((row) => loadForm(db, websiteId, row.id))),
    loadSummaryCollections(db, summarisable, new Date()),
  ]);
  return {
    website: {
      id: website.id,
      siteTitle: website.title,
      language: website.locale,
      timeZone: website.timeZone,
      currency: website.currency,
      businessHours: businessHoursRows(website.settings, website.locale),
    },
    billing: billing ? billingOf(website) : null,
    templates: { site: sources.get('site')?.source ?? '', page: sources.get('page')?.source ?? '' },
    stylesheets: [stylesheets.url(knownTheme(website.theme))],
    headerFooter,
    siteStyles: readSiteStyles(website.settings).styles,
    collections: [
      ...shops.map((shop) => ({ id: shop.id, title: shop.title, fullUrl: shop.path, typeName: 'products' })),
      ...summarisable.flatMap((page) => {
        const loaded = others.get(page.id);
        return loaded
          ? [
              {
                id: page.id,
                ...loaded,
                title: `${page.title} (${loaded.typeName})`,
                items: loaded.items.slice(0, 30),
              },
            ]
          : [];
      }),
    ],
    forms: loadedForms.flatMap((loaded) =>
      loaded.kind === 'found'
        ? [
            {
              id: loaded.form.id,
              name: loaded.form.name,
              fields: loaded.form.fields as unknown as Record<string, unknown>[],
            },
          ]
        : [],
    ),
  };
}

/**
 * The products a preview shows: those its blocks name and the first items of the shops its
 * summary blocks show. Bounded by `PREVIEW_LIMITS` whatever the catalogue's size.
 */
export async function previewProducts(
  db: Database,
  websiteId: string,
  query: { ids: string[]; shops: string[] },
): Promise<PreviewProducts> {
  const website = await loadWebsite(db, websiteId);
  if (!website) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
  const shops = (await loadPages(db, websiteId)).filter((p) => p.collectionType === 'products');
  const shopById = new Map(shops.map((shop) => [shop.id, shop]));
  // Which of the site's shops hold the named products (an id of another site's product finds none).
  const owners = query.ids.length
    ? await db
        .select({ id: products.id, collectionId: products.collectionId })
        .from(products)
        .where(
          and(
            sql`${products.id} = any(${textArray(query.ids)})`,
            sql`${products.collectionId} = any(${textArray(shops.map((s) => s.id))})`,
          ),
        )
    : [];
  const idsByShop = new Map<string, string[]>();
  for (const row of owners)
    idsByShop.set(row.collectionId, [...(idsByShop.get(row.collectionId) ?? []), row.id]);
  const [named, firstPages] = await Promise.all([
    Promise.all(
      [...idsByShop].map(([shopId, ids]) => loadProductItems(db, website, shopById.get(shopId)!, { ids })),
    ),
    Promise.all(
      query.shops.flatMap((id) => {
        const shop = shopById.get(id);
        return shop
          ? [
              loadProductItems(db, website, shop, { limit: PREVIEW_LIMITS.shopItems }).then((items) => ({
                id,
                items,
              })),
            ]
          : [];
      }),
    ),
  ]);
  return {
    products: named
      .flat()
      .map((item) => ({ id: item.id, title: item.title, collectionId: item.collectionId, item })),
    shops: firstPages,
  };
}

/**
 * Who sells plans on this server. `manual`: the operator sets a site's plan by hand
 * (websites.settings.billing.plan); a site without one is on trial. Absent: nobody does, so the
 * editor shows no trial or upgrade.
 */
export interface BillingOptions {
  provider: 'manual';
}

/** Days a new site is on trial before a plan is needed. */
export const TRIAL_DAYS = 14;
const PLANS = ['personal', 'business', 'commerce'] as const;

function billingOf(website: NonNullable<Awaited<ReturnType<typeof loadWebsite>>>): EditorSite['billing'] {
  const plan = (website.settings as { billing?: { plan?: unknown } }).billing?.plan;
  if ((PLANS as readonly unknown[]).includes(plan))
    return { plan: plan as (typeof PLANS)[number], trialEndsAt: null };
  return {
    plan: 'trial',
    trialEndsAt: new Date(website.createdAt.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
  };
}
