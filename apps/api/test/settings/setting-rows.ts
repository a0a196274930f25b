import { messages as commerceMessages } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { BLOG_API, blogMessages, COOKIE_CONSENT_API, type CookieConsentMode } from '@site/page-content';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { eventually } from '../eventually';
import type { SettingsSite } from './settings-site';

/** One value of a setting: how the owner sets it, and what a customer or the owner then sees. */
export interface SettingState {
  /** The value in the owner's words ("on, 6 payments"). */
  name: string;
  /** Sets it through the owner's API, as the editor's screen saves it. */
  set(site: SettingsSite): Promise<void>;
  /** What a shopper, a visitor or the owner sees with it: page HTML, an API answer, an order. */
  observe(site: SettingsSite): Promise<void>;
}

/**
 * A setting an owner can save, with every value worth telling apart. The table test runs each
 * row's states in order on one site; add a row here for every new setting (docs/shopping.md).
 */
export interface SettingRow {
  /** Where the owner finds it in the editor. */
  setting: string;
  states: SettingState[];
}

// The demo catalogue: a physical $85 tote, an $18 notebook (on sale for $14), a blog post that
// takes comments.
const TOTE = { itemId: 'prod-canvas-tote', sku: 'TOTE-OLIVE', path: '/shop/p/canvas-tote' };
const NOTEBOOK = { itemId: 'prod-field-notebook', sku: 'NOTE-3' };
const POST = { id: 'post-saturday-class', path: '/journal/a-saturday-bookbinding-class' };

/** Settings reach cached pages when the site's version moves: a moment later, not in the same call. */
const soon = (check: () => Promise<void>) => eventually(check, 5000);

async function instalmentPill(site: SettingsSite, path = TOTE.path): Promise<string | null | undefined> {
  const page = await site.open(path);
  if (!page) return undefined;
  try {
    // The add-to-cart form is the script's first work on the page; the pill comes with it.
    await page.locator('.product-detail [data-add-to-cart], .product-detail button').first().waitFor();
    await page.waitForLoadState('networkidle');
    const pill = page.locator('.sqs-instalment-pill__text');
    if ((await pill.count()) === 0) return null;
    const text = (await pill.textContent()) ?? '';
    await page.getByRole('button', { name: 'Learn more about paying in instalments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay in instalments' });
    await dialog.locator('.sqs-instalment-modal__content').waitFor();
    return `${text} | ${(await dialog.locator('h3').first().textContent()) ?? ''}`;
  } finally {
    await page.close();
  }
}

const instalments = (patch: Record<string, unknown>) => (site: SettingsSite) =>
  site.setPreferences('instalments', {
    enabled: undefined,
    numberOfInstalments: undefined,
    minimumOrderCents: undefined,
    maximumOrderCents: undefined,
    ...patch,
  });

/** Where the storefront's tracking goes: the census, events and performance calls. */
const TRACKING_REQUEST = /\/api\/(census|events|1\/performance)\//;

interface VisitorTab {
  banner: string | null;
  buttons: string[];
  tracking: string[];
  pixelCalls: () => Promise<number>;
  cookies: () => Promise<string[]>;
  page: Page;
}

/**
 * A new visitor on the tote's page in Chromium with an ad pixel installed (a stand-in `fbq` that
 * counts its calls): the banner's words and buttons, and every tracking request the page sent.
 */
async function visitorTab(site: SettingsSite): Promise<VisitorTab | undefined> {
  const page = await site.newPage();
  if (!page) return undefined;
  const tracking: string[] = [];
  page.on('request', (r) => {
    if (TRACKING_REQUEST.test(r.url())) tracking.push(new URL(r.url()).pathname);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { fbq: (...a: unknown[]) => void; pixelCalls: number };
    w.pixelCalls = 0;
    w.fbq = () => void (w.pixelCalls += 1);
  });
  await page.goto(`${site.origin}${TOTE.path}`);
  await page.locator('.product-detail [data-add-to-cart], .product-detail button').first().waitFor();
  await page.waitForLoadState('networkidle');
  const banner = page.locator('[data-cookie-banner]');
  const shown = (await banner.count()) > 0;
  return {
    banner: shown ? await banner.locator('p').textContent() : null,
    buttons: shown ? await banner.getByRole('button').allTextContents() : [],
    tracking,
    pixelCalls: () => page.evaluate(() => (window as unknown as { pixelCalls: number }).pixelCalls),
    cookies: async () => (await page.context().cookies()).map((c) => c.name).sort(),
    page,
  };
}

const cookieConsent = (mode: CookieConsentMode) => async (site: SettingsSite) => {
  await site.ownerCall('PUT', COOKIE_CONSENT_API, { mode });
};

async function cookieSettingsSeen(site: SettingsSite, banner: boolean, restrictive: boolean) {
  await soon(async () =>
    expect((await site.pageContext(TOTE.path)).cookieSettings).toEqual({
      isCookieBannerEnabled: banner,
      isRestrictiveCookiePolicyEnabled: restrictive,
    }),
  );
}

/** A product the owner priced at zero (made once per site through the owner's product API). */
const zeroPriced = new WeakMap<SettingsSite, Promise<string>>();
function zeroPricedPath(site: SettingsSite): Promise<string> {
  let made = zeroPriced.get(site);
  if (!made) {
    made = site
      .ownerCall<{ urlId: string }>('POST', STORE_API.products, {
        collectionId: 'page-shop',
        title: 'Fabric Swatch Card',
        productType: 'physical',
        variantOptionOrdering: [],
        variants: [
          { sku: 'SWATCH-1', attributes: {}, price: { value: '0', currency: 'USD' }, qtyInStock: 50 },
        ],
      })
      .then((p) => `/shop/p/${p.urlId}`);
    zeroPriced.set(site, made);
  }
  return made;
}

/** The sketch pack delivers a PDF (uploaded and attached once per site through the owner's API). */
const SKETCH_PACK = { itemId: 'prod-sketch-pack', sku: 'BRUSH-DL' };
const delivering = new WeakMap<SettingsSite, Promise<void>>();
function deliverSketchPack(site: SettingsSite): Promise<void> {
  let done = delivering.get(site);
  if (!done) {
    done = (async () => {
      const file = await site.upload('brushes.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
      const listed = await site.ownerCall<{ products: { id: string }[] }>(
        'GET',
        `${STORE_API.products}?q=Sketching`,
      );
      const product = listed.products.find((p) => p.id === SKETCH_PACK.itemId)!;
      await site.ownerCall('PUT', STORE_API.product(SKETCH_PACK.itemId), { ...product, digitalFileId: file });
    })();
    delivering.set(site, done);
  }
  return done;
}

/** What the order-confirmed page says of the sketch pack's download link, bought just now. */
async function downloadAllowance(site: SettingsSite): Promise<string> {
  await deliverSketchPack(site);
  const placed = await site.checkout(SKETCH_PACK);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const html = await site.html(placed.body.redirectUrl as string, placed.shopper);
  return /class="order-download"[^>]*>Download<\/a> <small>([^<]*)<\/small>/.exec(html)?.[1] ?? html;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function commentAnswer(site: SettingsSite): Promise<{ status: number; message?: string }> {
  const visitor = await site.visitor();
  const res = await visitor.call(`${site.origin}/api/blog/posts/${POST.id}/comments`, 'POST', {
    authorName: 'Rowan',
    body: 'Is there a class in May?',
  });
  const body = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: body.error?.message };
}

async function setPostComments(site: SettingsSite, commentState: 0 | 1) {
  const post = await site.ownerCall<{ version: number }>('GET', BLOG_API.post(POST.id));
  await site.ownerCall('PATCH', BLOG_API.post(POST.id), { version: post.version, commentState });
}

export const SETTING_ROWS: SettingRow[] = [
  {
    setting: 'Store settings › Instalment offers',
    states: [
      {
        name: 'on, 6 payments, any amount',
        set: instalments({ enabled: true, numberOfInstalments: 6 }),
        async observe(site) {
          await soon(async () =>
            expect((await site.pageContext(TOTE.path)).instalments).toEqual({
              afterPayAvailable: true,
              afterPayMin: 0,
              afterPayMax: Number.MAX_SAFE_INTEGER,
              shopperLanguage: 'en-US',
              stripeAccountCountry: 'US',
              numberOfInstalments: 6,
            }),
          );
          // $85.00 in 6: the first payment carries the odd cent.
          const pill = await instalmentPill(site);
          if (pill !== undefined)
            expect(pill).toBe('or 6 interest-free payments of $14.17 | Pay in 6 interest-free instalments');
        },
      },
      {
        name: 'on, orders from $50 to $80',
        set: instalments({ enabled: true, minimumOrderCents: '5000', maximumOrderCents: '8000' }),
        async observe(site) {
          await soon(async () =>
            expect((await site.pageContext(TOTE.path)).instalments).toMatchObject({
              afterPayMin: 5000,
              afterPayMax: 8000,
            }),
          );
          const pill = await instalmentPill(site);
          if (pill !== undefined)
            expect(pill).toBe(
              'Pay in 4 interest-free payments, available for orders up to $80.00 | Pay in 4 interest-free instalments',
            );
        },
      },
      {
        name: 'off',
        set: instalments({ enabled: false, numberOfInstalments: 6 }),
        async observe(site) {
          await soon(async () => expect((await site.pageContext(TOTE.path)).instalments).toBeUndefined());
          const pill = await instalmentPill(site);
          if (pill !== undefined) expect(pill).toBeNull();
        },
      },
    ],
  },
  {
    setting: 'Store settings › Checkout › order notes',
    states: [
      {
        name: 'on, labelled “Gift message”',
        set: (site) =>
          site.setPreferences('checkout', { orderNotesEnabled: true, orderNotesLabel: 'Gift message' }),
        async observe(site) {
          await soon(async () =>
            expect((await site.pageContext('/checkout')).orderNotesLabel).toBe('Gift message'),
          );
          const placed = await site.checkout(TOTE, {
            orderNote: '  Wrap it in brown paper, please.\nNo receipt. ',
          });
          expect(placed.status, JSON.stringify(placed.body)).toBe(200);
          const order = await site.order((placed.body.order as { id: string }).id);
          expect(order.orderNote).toBe('Wrap it in brown paper, please.\nNo receipt.');
        },
      },
      {
        name: 'on, label left empty',
        set: (site) =>
          site.setPreferences('checkout', { orderNotesEnabled: true, orderNotesLabel: undefined }),
        async observe(site) {
          // The box then reads "Order notes" (the checkout's own wording).
          await soon(async () => expect((await site.pageContext('/checkout')).orderNotesLabel).toBe(''));
        },
      },
      {
        name: 'off',
        set: (site) =>
          site.setPreferences('checkout', { orderNotesEnabled: false, orderNotesLabel: 'Gift message' }),
        async observe(site) {
          await soon(async () =>
            expect((await site.pageContext('/checkout')).orderNotesLabel).toBeUndefined(),
          );
          // A note typed before the owner turned notes off is refused, not silently dropped.
          const refused = await site.checkout(TOTE, { orderNote: 'Gift wrap' });
          expect(refused.status).toBe(400);
          expect(refused.body).toMatchObject({
            error: { fieldErrors: { orderNote: commerceMessages.orderNotesOff } },
          });
          const placed = await site.checkout(TOTE);
          expect(placed.status).toBe(200);
          expect((await site.order((placed.body.order as { id: string }).id)).orderNote).toBeNull();
        },
      },
    ],
  },
  {
    setting: 'Store settings › Checkout › minimum order subtotal',
    states: [
      {
        name: '$100.00',
        set: (site) => site.setPreferences('checkout', { checkoutMinimumSubtotalCents: '10000' }),
        async observe(site) {
          const refused = await site.checkout(NOTEBOOK);
          expect(refused.status).toBe(409);
          expect(refused.body).toMatchObject({ error: { code: 'BELOW_MINIMUM' } });
          expect(String((refused.body.error as { message: string }).message)).toContain('$100.00');
        },
      },
      {
        name: 'none',
        set: (site) => site.setPreferences('checkout', { checkoutMinimumSubtotalCents: undefined }),
        async observe(site) {
          expect((await site.checkout(NOTEBOOK)).status).toBe(200);
        },
      },
    ],
  },
  {
    setting: 'Store settings › Digital downloads',
    states: [
      {
        name: '3 downloads per unit, links for 7 days',
        set: (site) => site.setPreferences('downloads', { downloadsPerUnit: 3, linkDays: 7 }),
        async observe(site) {
          expect(await downloadAllowance(site)).toMatch(
            new RegExp(`^3 downloads left, until (${inDays(7)}|${inDays(8)})$`),
          );
        },
      },
      {
        name: 'unlimited, links that never expire',
        set: (site) =>
          site.setPreferences('downloads', { downloadsPerUnit: 'unlimited', linkDays: 'unlimited' }),
        async observe(site) {
          expect(await downloadAllowance(site)).toBe('Unlimited downloads, no expiry date');
        },
      },
      {
        name: 'left empty (5 downloads, 30 days)',
        set: (site) => site.setPreferences('downloads', { downloadsPerUnit: undefined, linkDays: undefined }),
        async observe(site) {
          expect(await downloadAllowance(site)).toMatch(
            new RegExp(`^5 downloads left, until (${inDays(30)}|${inDays(31)})$`),
          );
        },
      },
    ],
  },
  {
    setting: 'Store settings › Store currency',
    states: [
      {
        name: 'Euro (the orders placed so far keep theirs)',
        async set(site) {
          await site.ownerCall('PUT', STORE_API.storeCurrency, { currency: 'EUR', confirmed: true });
        },
        async observe(site) {
          await soon(async () => {
            expect(await site.html(TOTE.path)).toContain('€85.00');
            expect(await site.html('/shop')).toContain('€85.00');
          });
        },
      },
      {
        name: 'US dollar',
        async set(site) {
          await site.ownerCall('PUT', STORE_API.storeCurrency, { currency: 'USD', confirmed: true });
        },
        async observe(site) {
          await soon(async () => {
            const tote = await site.html(TOTE.path);
            expect(tote).toContain('$85.00');
            expect(tote).not.toContain('€');
          });
        },
      },
    ],
  },
  {
    // The shopper's side of each choice, in Chromium, is cart-drawer.e2e.test.ts.
    setting: 'Store settings › Cart › When a shopper adds to cart',
    states: (
      [
        ['Open the cart drawer', 'drawer'],
        ['Go to the cart page', 'page'],
        ['Show a message', 'message'],
      ] as const
    ).map(([name, afterAddToCart]) => ({
      name,
      set: (site: SettingsSite) => site.setPreferences('cart', { afterAddToCart }),
      async observe(site: SettingsSite) {
        await soon(async () =>
          expect((await site.pageContext('/shop/p/field-notebook')).afterAddToCart).toBe(
            afterAddToCart === 'message' ? undefined : afterAddToCart,
          ),
        );
      },
    })),
  },
  {
    setting: "Store settings › Zero prices › 'free' label",
    states: [
      {
        name: 'on, “Free”',
        set: (site) => site.setPreferences('currency', { freeIfZero: true, freeLabel: 'Free' }),
        async observe(site) {
          const path = await zeroPricedPath(site);
          await soon(async () => {
            expect(await site.html(path)).toContain('<span class="product-price__free">Free</span>');
            expect(await site.html('/shop')).toContain('<span class="product-price__free">Free</span>');
          });
          expect((await site.pageContext(path)).zeroPriceLabel).toBe('Free');
          // Nothing to pay in instalments either, whatever the instalment settings.
          await instalments({ enabled: true })(site);
          const pill = await instalmentPill(site, path);
          if (pill !== undefined) expect(pill).toBeNull();
          await instalments({ enabled: false })(site);
          // Only a zero price reads as the label.
          const tote = await site.html(TOTE.path);
          expect(tote).toContain('85.00');
          expect(tote).not.toContain('product-price__free');
        },
      },
      {
        name: 'on, “Complimentary”',
        set: (site) => site.setPreferences('currency', { freeIfZero: true, freeLabel: 'Complimentary' }),
        async observe(site) {
          const path = await zeroPricedPath(site);
          await soon(async () =>
            expect(await site.html(path)).toContain('<span class="product-price__free">Complimentary</span>'),
          );
        },
      },
      {
        name: 'off',
        set: (site) => site.setPreferences('currency', { freeIfZero: false, freeLabel: 'Complimentary' }),
        async observe(site) {
          const path = await zeroPricedPath(site);
          await soon(async () => {
            const html = await site.html(path);
            expect(html).not.toContain('product-price__free');
            expect(html).toMatch(/<div class="product-price">\s*\$0\.00\s*<\/div>/);
          });
          expect((await site.pageContext(path)).zeroPriceLabel).toBeUndefined();
        },
      },
    ],
  },
  {
    setting: 'Comments › Comments on this site',
    states: [
      {
        name: 'on',
        async set(site) {
          await site.ownerCall('PUT', BLOG_API.commentSettings, { commentsEnabled: true });
          await setPostComments(site, 1);
        },
        async observe(site) {
          await soon(async () => expect(await site.html(POST.path)).toContain('class="comment-form"'));
          expect(await commentAnswer(site)).toEqual({ status: 201, message: undefined });
          expect(await site.ownerCall('GET', BLOG_API.commentSettings)).toEqual({ commentsEnabled: true });
        },
      },
      {
        name: 'off',
        set: (site) => site.ownerCall('PUT', BLOG_API.commentSettings, { commentsEnabled: false }),
        async observe(site) {
          await soon(async () => {
            const html = await site.html(POST.path);
            expect(html).not.toContain('class="blog-comments"');
            expect(html).not.toContain('class="comment-form"');
          });
          expect(await commentAnswer(site)).toEqual({ status: 403, message: blogMessages.commentsClosed });
        },
      },
    ],
  },
  {
    setting: 'Blog post › Allow comments (with comments on for the site)',
    states: [
      {
        name: 'closed on this post',
        async set(site) {
          await site.ownerCall('PUT', BLOG_API.commentSettings, { commentsEnabled: true });
          await setPostComments(site, 0);
        },
        async observe(site) {
          await soon(async () => expect(await site.html(POST.path)).not.toContain('class="comment-form"'));
          expect(await commentAnswer(site)).toEqual({ status: 403, message: blogMessages.commentsClosed });
        },
      },
      {
        name: 'open on this post',
        set: (site) => setPostComments(site, 1),
        async observe(site) {
          await soon(async () => expect(await site.html(POST.path)).toContain('class="comment-form"'));
          expect((await commentAnswer(site)).status).toBe(201);
        },
      },
    ],
  },
  {
    setting: 'Site settings › Cookie banner',
    states: [
      {
        name: 'opt-in: nothing tracked until the visitor accepts',
        set: cookieConsent('opt-in'),
        async observe(site) {
          await cookieSettingsSeen(site, true, true);
          const tab = await visitorTab(site);
          if (!tab) return;
          try {
            expect(tab.banner).toContain('Nothing is tracked unless you accept');
            expect(tab.buttons).toEqual(['Decline', 'Choose', 'Accept all']);
            expect(tab.tracking).toEqual([]);
            expect(await tab.pixelCalls()).toBe(0);
            expect((await tab.cookies()).filter((n) => n.startsWith('ss_'))).toEqual([]);
            await tab.page.getByRole('button', { name: 'Accept all' }).click();
            await eventually(async () => expect(tab.tracking).toContain('/api/census/RecordHit'), 10_000);
            await eventually(async () => expect(await tab.pixelCalls()).toBeGreaterThan(0), 10_000);
            expect(await tab.cookies()).toContain('ss_cookieAllowed');
            // Remembered: the next page tracks at once and asks nothing.
            await tab.page.reload();
            await tab.page.waitForLoadState('networkidle');
            expect(await tab.page.locator('[data-cookie-banner]').count()).toBe(0);
            await tab.page.getByRole('button', { name: 'Cookie preferences' }).waitFor();
          } finally {
            await tab.page.close();
          }
        },
      },
      {
        name: 'notice only: a banner with OK, tracking as usual',
        set: cookieConsent('notice'),
        async observe(site) {
          await cookieSettingsSeen(site, true, false);
          const tab = await visitorTab(site);
          if (!tab) return;
          try {
            expect(tab.banner).toContain('This site uses cookies');
            expect(tab.buttons).toEqual(['OK']);
            expect(tab.tracking).toContain('/api/census/RecordHit');
          } finally {
            await tab.page.close();
          }
        },
      },
      {
        name: 'off: no banner, tracking as usual',
        set: cookieConsent('off'),
        async observe(site) {
          await cookieSettingsSeen(site, false, false);
          const tab = await visitorTab(site);
          if (!tab) return;
          try {
            expect(tab.banner).toBeNull();
            expect(tab.tracking).toContain('/api/census/RecordHit');
            expect(await tab.page.getByRole('button', { name: 'Cookie preferences' }).count()).toBe(0);
          } finally {
            await tab.page.close();
          }
        },
      },
    ],
  },
];
