import {
  DEFAULT_NOT_FOUND_DOCUMENT,
  NOT_FOUND_PAGE_PATH,
  NOT_FOUND_PAGE_TITLE,
  NOT_FOUND_PAGE_TYPE,
} from '@site/page-content';
import { COMMERCE_VISITOR_METRICS_FLAG } from '@site/tracking';
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { discounts, pages, products, variants, websites } from '../db/schema';
import { installTheme } from '../site/theme';
import { DEMO_ABOUT_DOCUMENT, seedDemoLayout } from './demo-content';
import { seedDemoForms } from './demo-forms';
import { seedDemoBlog } from './demo-blog';
import { seedDemoCollections } from './demo-collections';
import { seedDemoMembers } from '../site-users/seed';

export const DEMO_WEBSITE_ID = 'demo';
const DEMO_SITE_TITLE = 'Fieldnotes Supply Co.';

/** The demo owner's login, printed on first start (site-users issue wires the account). */
export const DEMO_OWNER = { email: 'owner@demo.test', password: 'demo-owner-2026' } as const;
/** A member who may look at the editor but not change anything (storefront.md §6 viewer role). */
export const DEMO_VIEWER = { email: 'reviewer@demo.test', password: 'demo-viewer-2026' } as const;

interface SeedVariant {
  sku: string;
  attributes?: Record<string, string>;
  price: number;
  salePrice?: number;
  stock?: number;
}
interface SeedProduct {
  id: string;
  urlId: string;
  title: string;
  excerpt: string;
  productType: 1 | 2 | 3 | 4;
  image: string;
  variants: SeedVariant[];
  details?: Record<string, unknown>;
  tags?: string[];
  categories?: string[];
}

// A small but varied catalogue: every display rule of the spec has a product that shows it.
const catalogue: SeedProduct[] = [
  {
    id: 'prod-canvas-tote',
    tags: ['canvas', 'gift idea'],
    categories: ['Bags'],
    urlId: 'canvas-tote',
    title: 'Waxed Canvas Tote',
    excerpt: '<p>Hard-wearing waxed canvas with leather handles.</p>',
    productType: 1,
    image: '/assets/demo/tote.svg',
    variants: [
      { sku: 'TOTE-OLIVE', attributes: { Color: 'Olive' }, price: 8500, stock: 12 },
      { sku: 'TOTE-SAND', attributes: { Color: 'Sand' }, price: 8500, stock: 3 },
      { sku: 'TOTE-BLACK', attributes: { Color: 'Black' }, price: 9000, stock: 0 },
    ],
    details: { variantOptionOrdering: ['Color'] },
  },
  {
    id: 'prod-field-notebook',
    tags: ['paper', 'gift idea'],
    categories: ['Stationery'],
    urlId: 'field-notebook',
    title: 'Field Notebook (3-pack)',
    excerpt: '<p>Dot-grid pocket notebooks, 48 pages each.</p>',
    productType: 1,
    image: '/assets/demo/notebook.svg',
    variants: [{ sku: 'NOTE-3', price: 1800, salePrice: 1400, stock: 40 }],
  },
  {
    id: 'prod-linen-shirt',
    tags: ['linen'],
    categories: ['Apparel'],
    urlId: 'linen-shirt',
    title: 'Linen Work Shirt',
    excerpt: '<p>Washed linen, relaxed fit.</p>',
    productType: 1,
    image: '/assets/demo/shirt.svg',
    variants: [
      { sku: 'SHIRT-S-BLUE', attributes: { Size: 'S', Color: 'Blue' }, price: 12000, stock: 5 },
      { sku: 'SHIRT-M-BLUE', attributes: { Size: 'M', Color: 'Blue' }, price: 12000, stock: 5 },
      { sku: 'SHIRT-L-BLUE', attributes: { Size: 'L', Color: 'Blue' }, price: 12500, stock: 2 },
      { sku: 'SHIRT-M-RUST', attributes: { Size: 'M', Color: 'Rust' }, price: 12000, stock: 4 },
      { sku: 'SHIRT-S-RUST', attributes: { Size: 'S', Color: 'Rust' }, price: 12000, stock: 0 },
    ],
    details: {
      variantOptionOrdering: ['Size', 'Color'],
      imageUrls: ['/assets/demo/shirt.svg', '/assets/demo/shirt-rust.svg', '/assets/demo/shirt-detail.svg'],
    },
  },
  {
    id: 'prod-enamel-mug',
    tags: ['gift idea'],
    categories: ['Kitchen'],
    urlId: 'enamel-mug',
    title: 'Enamel Camp Mug',
    excerpt: '<p>Sold out for now — sign up to hear when it is back.</p>',
    productType: 1,
    image: '/assets/demo/mug.svg',
    variants: [{ sku: 'MUG-1', price: 2400, stock: 0 }],
  },
  {
    id: 'prod-wallet',
    tags: ['leather', 'gift idea'],
    categories: ['Bags'],
    urlId: 'monogrammed-wallet',
    title: 'Monogrammed Leather Wallet',
    excerpt: '<p>Vegetable-tanned leather, stitched by hand with your initials.</p>',
    productType: 1,
    image: '/assets/demo/wallet.svg',
    variants: [{ sku: 'WALLET-1', price: 6500, stock: 10 }],
    details: {
      additionalFieldsFormId: 'form-wallet',
      additionalFieldsForm: {
        id: 'form-wallet',
        name: 'Personalisation',
        fields: [
          { id: 'initials', type: 'text', title: 'Initials (up to 3 letters)', required: true, maxLength: 3 },
          {
            id: 'thread',
            type: 'select',
            title: 'Thread color',
            required: true,
            options: ['Natural', 'Black', 'Red'],
          },
          { id: 'note', type: 'textarea', title: 'Gift note', required: false, maxLength: 200 },
        ],
      },
    },
  },
  {
    id: 'prod-sketch-pack',
    urlId: 'sketching-brushes',
    title: 'Digital Sketching Brushes',
    excerpt: '<p>A download of 40 brushes for drawing apps.</p>',
    productType: 2,
    image: '/assets/demo/brushes.svg',
    variants: [{ sku: 'BRUSH-DL', price: 1200 }],
  },
  {
    id: 'prod-workshop',
    urlId: 'bookbinding-workshop',
    title: 'Bookbinding Workshop',
    excerpt: '<p>A two-hour class in our studio.</p>',
    productType: 3,
    image: '/assets/demo/workshop.svg',
    variants: [{ sku: 'WORKSHOP-1', price: 6500, stock: 8 }],
    // Booking a seat skips the cart: express checkout goes straight to the checkout page.
    details: { expressCheckout: true, useCustomAddButtonText: true, customAddButtonText: 'Book Now' },
  },
  {
    id: 'prod-coffee',
    urlId: 'coffee-subscription',
    title: 'Roaster’s Choice Coffee',
    excerpt: '<p>A fresh bag every month, or buy once.</p>',
    productType: 1,
    image: '/assets/demo/coffee.svg',
    variants: [{ sku: 'COFFEE-250', price: 1600, stock: 100 }],
    details: {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    },
  },
  {
    id: 'prod-gift-card',
    urlId: 'gift-card',
    title: 'Gift Card',
    excerpt: '<p>Let them choose.</p>',
    productType: 4,
    image: '/assets/demo/gift-card.svg',
    // The denominations are the variants; the option must be named for the selector to show.
    details: { variantOptionOrdering: ['Amount'] },
    variants: [
      { sku: 'GC-25', attributes: { Amount: '$25' }, price: 2500 },
      { sku: 'GC-50', attributes: { Amount: '$50' }, price: 5000 },
      { sku: 'GC-100', attributes: { Amount: '$100' }, price: 10000 },
    ],
  },
];

/** Seeds the demo site once; a database that already has it is left alone. */
export async function seedDemoSite(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(websites);
  if (existing && existing.n > 0) {
    // Templates the theme gained since this database was seeded.
    await installTheme(db, DEMO_WEBSITE_ID);
    return false;
  }

  await db.transaction(async (tx) => {
    await tx.insert(websites).values({
      id: DEMO_WEBSITE_ID,
      title: DEMO_SITE_TITLE,
      timeZone: 'America/New_York',
      locale: 'en-US',
      currency: 'USD',
      settings: {
        // Blog: built-in comments (held for moderation), likes and share links (platform.md §3).
        commentsEnabled: true,
        simpleLikingEnabled: true,
        shareButtonOptions: { twitter: true, facebook: true, email: true },
        // Visitors may create accounts: the header shows "Sign in" and /account/create works.
        memberAccounts: { enabled: true },
        // Commerce site-visitor events (add to cart, checkout, purchase) feed the analytics funnel.
        betaFeatureFlags: [COMMERCE_VISITOR_METRICS_FLAG],
        // Buy now, pay later: 4 payments on physical products between $35 and $2,000, as the
        // owner's Store settings › Instalments keep them (amounts in cents).
        commercePreferences: {
          instalments: {
            enabled: true,
            numberOfInstalments: 4,
            minimumOrderCents: '3500',
            maximumOrderCents: '200000',
          },
        },
        storeSettings: {
          multipleQuantityAllowedForServices: true,
          taxRateBasisPoints: 825,
          shippingOptions: [
            { kind: 'flat', id: 'standard', name: 'Standard (3–5 business days)', amountCents: 600 },
            { kind: 'flat', id: 'express', name: 'Express (1–2 business days)', amountCents: 1800 },
          ],
          checkoutMinimumSubtotalCents: 500,
        },
      },
    });
    await installTheme(tx, DEMO_WEBSITE_ID);
    const page = (p: typeof pages.$inferInsert) => p;
    const seededAt = new Date();
    await tx.insert(pages).values([
      page({
        id: 'page-home',
        websiteId: DEMO_WEBSITE_ID,
        path: '/',
        title: 'Home',
        pageType: 2,
        templateName: 'home',
        navigationIndex: 0,
        description: 'Goods for people who make things by hand.',
      }),
      page({
        id: 'page-shop',
        websiteId: DEMO_WEBSITE_ID,
        path: '/shop',
        title: 'Shop',
        pageType: 1,
        collectionType: 'products',
        kind: 'collection',
        templateName: 'products-list',
        itemTemplateName: 'product-item',
        navigationIndex: 1,
        description: 'Bags, paper, clothing and classes.',
      }),
      page({
        id: 'page-about',
        websiteId: DEMO_WEBSITE_ID,
        path: '/about',
        title: 'About',
        pageType: 2,
        templateName: 'page',
        navigationIndex: 2,
        draftDocument: DEMO_ABOUT_DOCUMENT,
        publishedDocument: DEMO_ABOUT_DOCUMENT,
        publishedAt: seededAt,
      }),
      page({
        id: 'page-cart',
        websiteId: DEMO_WEBSITE_ID,
        path: '/cart',
        title: 'Cart',
        pageType: 200,
        kind: 'system',
        templateName: 'cart',
      }),
      page({
        id: 'page-checkout',
        websiteId: DEMO_WEBSITE_ID,
        path: '/checkout',
        title: 'Checkout',
        pageType: 201,
        kind: 'system',
        templateName: 'checkout',
      }),
      page({
        id: 'page-not-found',
        websiteId: DEMO_WEBSITE_ID,
        path: NOT_FOUND_PAGE_PATH,
        title: NOT_FOUND_PAGE_TITLE,
        pageType: NOT_FOUND_PAGE_TYPE,
        kind: 'system',
        templateName: 'not-found',
        draftDocument: DEFAULT_NOT_FOUND_DOCUMENT,
      }),
    ]);
    await seedDemoForms(tx, DEMO_WEBSITE_ID);
    await seedDemoBlog(tx, DEMO_WEBSITE_ID);
    await seedDemoCollections(tx, DEMO_WEBSITE_ID, seededAt);
    await seedDemoMembers(tx, DEMO_WEBSITE_ID, DEMO_OWNER, DEMO_VIEWER);
    await seedDemoLayout(tx, DEMO_WEBSITE_ID, DEMO_SITE_TITLE);
    await tx.insert(products).values(
      catalogue.map((p, position) => ({
        id: p.id,
        websiteId: DEMO_WEBSITE_ID,
        collectionId: 'page-shop',
        urlId: p.urlId,
        title: p.title,
        excerpt: p.excerpt,
        productType: p.productType,
        imageUrl: p.image,
        details: p.details ?? {},
        tags: p.tags ?? [],
        categories: p.categories ?? [],
        position,
      })),
    );
    await tx.insert(variants).values(
      catalogue.flatMap((p) =>
        p.variants.map((v, position) => ({
          id: `${p.id}-${v.sku}`.toLowerCase(),
          productId: p.id,
          sku: v.sku,
          attributes: v.attributes ?? {},
          priceCents: v.price,
          salePriceCents: v.salePrice ?? 0,
          onSale: v.salePrice !== undefined,
          qtyInStock: v.stock ?? 0,
          // Digital goods and gift cards have no stock to run out of.
          unlimited: v.stock === undefined,
          position,
        })),
      ),
    );
    await tx.insert(discounts).values({
      id: 'discount-welcome10',
      websiteId: DEMO_WEBSITE_ID,
      name: 'Welcome 10 % off',
      code: 'WELCOME10',
      effect: { type: 'percentage', basisPoints: 1000 },
      scope: { type: 'all' },
      minimum: { type: 'none' },
    });
  });
  return true;
}
