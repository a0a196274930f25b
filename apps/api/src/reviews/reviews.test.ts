import { messages, REVIEW_REQUEST_DAYS, REVIEW_TEXT_MAX_LENGTH } from '@site/commerce-core';
import { STORE_API } from '@site/commerce-core/admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { orders, outgoingEmails, productReviews, websites } from '../db/schema';
import { REVIEWS_KILL_SWITCH_FLAG } from './reviews';

const targets = await databaseTargets();

const TOTE = 'prod-canvas-tote';
const MUG = 'prod-enamel-mug';
const NOTEBOOK = 'prod-field-notebook';
const reviewsOf = (productId: string) => `/api/commerce/products/${productId}/reviews`;
const SETTINGS = '/api/editor/reviews/settings';
const review = (over: Record<string, unknown> = {}) => ({
  rating: 5,
  title: 'Sturdy',
  text: 'Carries my groceries every week.',
  name: 'Grace',
  email: 'grace@example.com',
  ...over,
});

describe.each(targets)('product reviews on $name', (target) => {
  // As if behind a proxy on this machine: each submission comes from its own address unless a
  // test says otherwise, so the per-visitor limit only bites where it is tested.
  const demo = demoSiteSuite(target, { trustProxy: '127.0.0.1' });
  let ip = 0;
  const submit = (
    shopper: Shopper,
    productId: string,
    body: unknown,
    from = `10.0.${++ip >> 8}.${ip & 255}`,
  ) => shopper.request('POST', reviewsOf(productId), body, { 'x-forwarded-for': from });

  const buy = async (itemId: string, sku: string, email: string) => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart(itemId, sku, 1)).statusCode).toBe(200);
    const res = await shopper.post('/api/commerce/checkout', {
      email,
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order as { id: string };
  };
  const setFlags = (flags: string[]) =>
    demo.database.db
      .select({ settings: websites.settings })
      .from(websites)
      .where(eq(websites.id, 'demo'))
      .then(([row]) =>
        demo.database.db
          .update(websites)
          .set({ settings: { ...row!.settings, betaFeatureFlags: flags } })
          .where(eq(websites.id, 'demo')),
      );

  it('is off until the owner turns it on: the product answers 404 and a review is refused', async () => {
    const shopper = new Shopper(demo.app);
    expect((await demo.owner.get(SETTINGS)).json()).toEqual({ enabled: false, killSwitch: false });
    const list = await shopper.get(reviewsOf(TOTE));
    expect(list.statusCode).toBe(404);
    expect(list.json().error.message).toBe(messages.reviewsOff);
    expect((await submit(shopper, TOTE, review())).statusCode).toBe(404);
  });

  it('the owner flips the switch (a viewer may not) and shoppers can review', async () => {
    expect((await demo.viewer.call('PUT', SETTINGS, { enabled: true })).statusCode).toBe(403);
    const on = await demo.owner.call('PUT', SETTINGS, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ enabled: true, killSwitch: false });
    expect((await new Shopper(demo.app).get(reviewsOf(TOTE))).statusCode).toBe(200);
  });

  it('a buyer of the product gets the verified badge; a stranger does not; both wait for approval', async () => {
    await buy(TOTE, 'TOTE-OLIVE', 'Grace@Example.com');
    const shopper = new Shopper(demo.app);
    const mine = await submit(shopper, TOTE, review());
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toEqual({
      status: 'pending',
      verifiedBuyer: true,
      message: messages.reviewSubmitted,
    });
    const stranger = await shopper.post(
      reviewsOf(TOTE),
      review({ email: 'eve@example.com', rating: 2, name: 'Eve' }),
    );
    expect(stranger.json().verifiedBuyer).toBe(false);
    // Grace bought the tote, not the mug.
    expect((await submit(shopper, MUG, review())).json().verifiedBuyer).toBe(false);
    const page = (await shopper.get(reviewsOf(TOTE))).json();
    expect(page).toMatchObject({ reviews: [], summary: { count: 0, average: null } });
  });

  it('the owner lists with filters, approves, hides and replies; the product shows the approved ones', async () => {
    const pending = (await demo.owner.get('/api/editor/reviews?status=pending')).json();
    expect(pending.reviews.map((r: { name: string }) => r.name).sort()).toEqual(['Eve', 'Grace', 'Grace']);
    const byRating = (await demo.owner.get('/api/editor/reviews?rating=2')).json();
    expect(byRating.reviews.map((r: { name: string }) => r.name)).toEqual(['Eve']);
    const grace = pending.reviews.find(
      (r: { productId: string; name: string }) => r.productId === TOTE && r.name === 'Grace',
    );
    const eve = byRating.reviews[0];
    expect(grace).toMatchObject({
      verifiedBuyer: true,
      email: 'grace@example.com',
      productTitle: expect.any(String),
    });

    expect(
      (await demo.viewer.call('PATCH', `/api/editor/reviews/${grace.id}`, { status: 'approved' })).statusCode,
    ).toBe(403);
    const approved = await demo.owner.call('PATCH', `/api/editor/reviews/${grace.id}`, {
      status: 'approved',
      reply: 'Thank you, Grace!',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', reply: 'Thank you, Grace!' });
    await demo.owner.call('PATCH', `/api/editor/reviews/${eve.id}`, { status: 'approved' });

    const page = (await new Shopper(demo.app).get(reviewsOf(TOTE))).json();
    expect(page.summary).toEqual({ count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] });
    expect(page.reviews.find((r: { name: string }) => r.name === 'Grace')).toMatchObject({
      verifiedBuyer: true,
      reply: 'Thank you, Grace!',
      rating: 5,
    });
    // The storefront never sees a reviewer's email.
    expect(JSON.stringify(page)).not.toContain('@example.com');

    await demo.owner.call('PATCH', `/api/editor/reviews/${eve.id}`, { status: 'hidden' });
    const after = (await new Shopper(demo.app).get(reviewsOf(TOTE))).json();
    expect(after.summary).toMatchObject({ count: 1, average: 5 });
    expect(
      (await demo.owner.call('PATCH', '/api/editor/reviews/nope', { status: 'hidden' })).statusCode,
    ).toBe(404);
    expect((await demo.owner.call('PATCH', `/api/editor/reviews/${eve.id}`, {})).statusCode).toBe(400);
  });

  it('the product page shows the average, the approved reviews, the badge, the reply and the JSON-LD', async () => {
    const html = (await new Shopper(demo.app).get('/shop/p/canvas-tote')).body;
    expect(html).toContain('data-product-reviews="prod-canvas-tote"');
    expect(html).toContain('Rated 5.0 out of 5');
    expect(html).toContain('1 review');
    expect(html).toContain('Carries my groceries every week.');
    expect(html).toContain('<span class="product-review__verified">Verified buyer</span>');
    expect(html).toContain('Thank you, Grace!');
    expect(html).not.toContain('grace@example.com');
    expect(html).toContain('<form class="product-review-form" data-review-form novalidate>');
    // By the title, the rating summary jumps to the reviews: stars and figures hidden, words read out.
    expect(html).toContain(
      '<a class="product-rating__link" href="#reviews" data-reviews-anchor><span class="product-reviews__stars" aria-hidden="true">★</span> <span aria-hidden="true">5.0 · 1 review</span><span class="visually-hidden">Rated 5.0 out of 5, 1 review</span></a>',
    );
    expect(html).toContain('<a href="#reviews" data-reviews-tab>1 review</a>');
    // A product whose reviews all wait for approval has the reviews section but no rating summary.
    const mug = (await new Shopper(demo.app).get('/shop/p/enamel-mug')).body;
    expect(mug).toContain('data-product-reviews="prod-enamel-mug"');
    expect(mug).toContain('No reviews yet');
    expect(mug).not.toContain('data-reviews-anchor');
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 5,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      expect.objectContaining({ '@type': 'Review', reviewBody: 'Carries my groceries every week.' }),
    ]);
  });

  it('pages the owner list and the product list with keyset cursors, no repeats', async () => {
    const shopper = new Shopper(demo.app);
    for (let i = 0; i < 25; i++) {
      expect(
        (await submit(shopper, MUG, review({ email: `p${i}@example.com`, rating: (i % 5) + 1 }))).statusCode,
      ).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await demo.owner.get(
        `/api/editor/reviews?productId=${MUG}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = res.json();
      seen.push(...body.reviews.map((r: { id: string }) => r.id));
      cursor = body.nextPageCursor;
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect((await demo.owner.get('/api/editor/reviews?cursor=garbage')).statusCode).toBe(400);
    expect((await shopper.get(`${reviewsOf(MUG)}?cursor=garbage`)).statusCode).toBe(400);
  });

  it.each([
    ['a rating of 6', review({ rating: 6 }), messages.reviewRatingMissing],
    ['blank text', review({ text: '  ' }), messages.reviewTextBlank],
    [
      'too long',
      review({ text: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) }),
      'Keep your review under 5000 characters.',
    ],
    ['a NUL byte', review({ name: 'a\u0000' }), 'text must not contain NUL characters'],
    ['spam links', review({ text: 'http://a.test http://b.test http://c.test' }), 'at most 2 links'],
    ['wrong types', { rating: 'five', text: [], name: {}, email: 1 }, messages.reviewRatingMissing],
    ['extra fields', review({ status: 'approved' }), 'status'],
  ])('refuses %s with a clear 400', async (_name, body, message) => {
    const res = await submit(new Shopper(demo.app), TOTE, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('refuses a post without the crumb and an unknown product', async () => {
    const shopper = new Shopper(demo.app);
    await shopper.get('/api/crumb');
    const noCrumb = await shopper.request('POST', reviewsOf(TOTE), review(), { 'x-csrf-token': 'forged' });
    expect(noCrumb.statusCode).toBe(403);
    expect((await shopper.post(reviewsOf('nope'), review())).statusCode).toBe(404);
  });

  it('rate limits submissions per visitor like the forms', async () => {
    const shopper = new Shopper(demo.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await submit(shopper, TOTE, review({ email: `rl${i}@example.com` }), '10.9.9.9')).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('fulfilling an order emails a signed review-request link; the page data lists its products', async () => {
    const order = await buy(NOTEBOOK, 'NOTE-3', 'ada@example.com');
    expect(
      (await demo.owner.call('POST', STORE_API.fulfilOrder(order.id), { trackingNumber: 'T1' })).statusCode,
    ).toBe(200);
    const [mail] = await demo.database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.to, 'ada@example.com'), eq(outgoingEmails.kind, 'review-request')));
    const link = /https?:\/\/[^\s]+\/reviews\/request\?order=([^&\s]+)&sig=([^\s]+)/.exec(mail!.body)!;
    expect(decodeURIComponent(link[1]!)).toBe(order.id);
    const shopper = new Shopper(demo.app);
    const data = await shopper.get(`/api/commerce/review-requests/${order.id}?sig=${link[2]}`);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json()).toMatchObject({
      email: 'ada@example.com',
      items: [{ productId: NOTEBOOK, reviewedRating: null }],
    });
    expect((await shopper.get(`/api/commerce/review-requests/${order.id}?sig=forged`)).statusCode).toBe(404);
    // The page sends the signed token instead of an email: verified as the order's buyer.
    const res = await shopper.post(
      reviewsOf(NOTEBOOK),
      review({ email: 'typo@example', requestToken: `${order.id}.${link[2]}` }),
    );
    expect(res.statusCode, res.body).toBe(400); // the email is still checked as typed
    const ok = await shopper.post(
      reviewsOf(NOTEBOOK),
      review({ email: 'ada@example.com', requestToken: `${order.id}.${link[2]}` }),
    );
    expect(ok.json().verifiedBuyer).toBe(true);
    const forged = await submit(shopper, NOTEBOOK, review({ requestToken: `${order.id}.forged` }));
    expect(forged.statusCode).toBe(404);
  });

  describe('the reviews-request page (209)', () => {
    /** An order of the tote (two colours: one item to rate) and the notebook, shipped, and its link. */
    const shippedOrder = async (
      email: string,
      lines: (readonly [string, string])[] = [[NOTEBOOK, 'NOTE-3']],
    ) => {
      const shopper = new Shopper(demo.app);
      for (const [item, sku] of lines) expect((await shopper.addToCart(item, sku, 1)).statusCode).toBe(200);
      const res = await shopper.post('/api/commerce/checkout', {
        email,
        shippingAddress: ADDRESS,
        payment: TEST_CARD,
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { id: string };
      await demo.owner.call('POST', STORE_API.fulfilOrder(order.id), { trackingNumber: 'R1' });
      const [mail] = await demo.database.db
        .select()
        .from(outgoingEmails)
        .where(and(eq(outgoingEmails.to, email), eq(outgoingEmails.kind, 'review-request')));
      const url = /https?:\/\/[^/\s]+(\/reviews\/request\?order=[^&\s]+&sig=([^\s]+))/.exec(mail!.body)!;
      return { id: order.id, path: url[1]!, sig: url[2]!, api: `/api/commerce/review-requests/${order.id}` };
    };
    // Every hostile body is refused before it is written: one order serves them all.
    let hostile: ReturnType<typeof shippedOrder> | undefined;
    const send = (shopper: Shopper, api: string, body: unknown) =>
      shopper.request('POST', api, body, { 'x-forwarded-for': `10.1.${++ip >> 8}.${ip & 255}` });

    it('the emailed link opens a form per item; one send reviews them all as a verified buyer', async () => {
      const order = await shippedOrder('lin@example.com', [
        [TOTE, 'TOTE-OLIVE'],
        [TOTE, 'TOTE-SAND'],
        [NOTEBOOK, 'NOTE-3'],
      ]);
      const shopper = new Shopper(demo.app);
      const page = await shopper.get(order.path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('class="page-type-209"');
      expect(page.body).toContain('Rate your items');
      // One item per product, whatever the variants; every control has its label.
      expect(page.body.match(/data-review-item=/g)).toHaveLength(2);
      expect(page.body).toContain('<legend>Your rating for Waxed Canvas Tote</legend>');
      expect(page.body).toContain('name="rating-1" value="1"> 1 star');
      expect(page.body).toContain(`data-sig="${order.sig}"`);

      const res = await send(shopper, order.api, {
        sig: order.sig,
        name: 'Lin',
        reviews: [{ productId: TOTE, rating: 4, title: 'Roomy', text: 'Holds a week of shopping.' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ status: 'pending', count: 1, message: messages.reviewRequestThanks });
      const [stored] = await demo.database.db
        .select()
        .from(productReviews)
        .where(and(eq(productReviews.email, 'lin@example.com'), eq(productReviews.productId, TOTE)));
      expect(stored).toMatchObject({ rating: 4, name: 'Lin', status: 'pending', verifiedBuyer: true });

      // Back on the page: the tote is done, the notebook still waits; sending the tote again is refused.
      const again = await shopper.get(order.path);
      expect(again.body).toContain('You already reviewed this: <span>4 out of 5 stars</span>');
      expect(again.body.match(/<fieldset/g)).toHaveLength(1);
      const twice = await send(shopper, order.api, {
        sig: order.sig,
        name: 'Lin',
        reviews: [
          { productId: NOTEBOOK, rating: 5, text: 'Good paper.' },
          { productId: TOTE, rating: 1, text: 'Changed my mind.' },
        ],
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe('You have already reviewed Waxed Canvas Tote.');
      // All or none: the notebook was not written either.
      expect(
        await demo.database.db
          .select()
          .from(productReviews)
          .where(and(eq(productReviews.email, 'lin@example.com'), eq(productReviews.productId, NOTEBOOK))),
      ).toHaveLength(0);
      expect(
        (
          await send(shopper, order.api, {
            sig: order.sig,
            name: 'Lin',
            reviews: [{ productId: NOTEBOOK, rating: 5, text: 'Good paper.' }],
          })
        ).statusCode,
      ).toBe(201);
      const done = await shopper.get(order.path);
      expect(done.body).toContain(messages.reviewRequestAllDone);
      expect(done.body).not.toContain('Send reviews');
    });

    it('two sends at once write each review once and refuse the other', async () => {
      const order = await shippedOrder('race@example.com');
      const body = {
        sig: order.sig,
        name: 'Ray',
        reviews: [{ productId: NOTEBOOK, rating: 3, text: 'Fine.' }],
      };
      const codes = (
        await Promise.all([
          send(new Shopper(demo.app), order.api, body),
          send(new Shopper(demo.app), order.api, body),
        ])
      )
        .map((r) => r.statusCode)
        .sort();
      expect(codes).toEqual([201, 409]);
    });

    it('a forged, foreign or expired link says so and writes nothing', async () => {
      const order = await shippedOrder('old@example.com');
      const shopper = new Shopper(demo.app);
      const body = {
        sig: order.sig,
        name: 'Olga',
        reviews: [{ productId: NOTEBOOK, rating: 2, text: 'Meh.' }],
      };
      for (const path of [
        `/reviews/request?order=${order.id}&sig=forged`,
        `/reviews/request?order=nope&sig=${order.sig}`,
        '/reviews/request',
        `/reviews/request?order=${order.id}&sig=${'x'.repeat(5000)}`,
      ]) {
        const page = await shopper.get(path);
        expect(page.statusCode, path).toBe(404);
        expect(page.body).toContain(messages.reviewRequestInvalid);
        expect(page.body).not.toContain('data-review-request-form');
      }
      const forged = await send(shopper, order.api, { ...body, sig: 'forged' });
      expect(forged.statusCode).toBe(404);
      expect(forged.json().error.message).toBe(messages.reviewRequestInvalid);
      // An item of another order.
      const stranger = await send(shopper, order.api, {
        ...body,
        reviews: [{ productId: 'prod-enamel-mug', rating: 5, text: 'x' }],
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().error.message).toBe(messages.reviewRequestNotInOrder);

      const shipped = new Date(Date.now() - (REVIEW_REQUEST_DAYS + 1) * 24 * 60 * 60 * 1000);
      await demo.database.db.update(orders).set({ fulfilledAt: shipped }).where(eq(orders.id, order.id));
      const page = await shopper.get(order.path);
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain(messages.reviewRequestExpired);
      const late = await send(shopper, order.api, body);
      expect(late.statusCode).toBe(410);
      expect(late.json().error.message).toBe(messages.reviewRequestExpired);
      expect(
        await demo.database.db
          .select()
          .from(productReviews)
          .where(eq(productReviews.email, 'old@example.com')),
      ).toHaveLength(0);
    });

    it.each([
      ['nothing rated', { name: 'A', reviews: [] }, messages.reviewRequestNothingRated],
      [
        'no name',
        { name: ' ', reviews: [{ productId: NOTEBOOK, rating: 5, text: 'ok' }] },
        messages.reviewNameBlank,
      ],
      [
        'no stars',
        { name: 'A', reviews: [{ productId: NOTEBOOK, text: 'ok' }] },
        messages.reviewRatingMissing,
      ],
      ['a NUL byte', { name: 'A', reviews: [{ productId: NOTEBOOK, rating: 5, text: 'a\u0000' }] }, 'NUL'],
      [
        'a lone surrogate',
        { name: 'A\uD800', reviews: [{ productId: NOTEBOOK, rating: 5, text: 'ok' }] },
        'surrogates',
      ],
      ['wrong types', { name: 7, reviews: 'all' }, 'name'],
      [
        'an item twice',
        {
          name: 'A',
          reviews: [
            { productId: NOTEBOOK, rating: 5, text: 'a' },
            { productId: NOTEBOOK, rating: 4, text: 'b' },
          ],
        },
        messages.reviewRequestTwice,
      ],
      [
        'a status of its own',
        { name: 'A', status: 'approved', reviews: [{ productId: NOTEBOOK, rating: 5, text: 'a' }] },
        'status',
      ],
      [
        'too many items',
        {
          name: 'A',
          reviews: Array.from({ length: 101 }, (_, i) => ({ productId: `p${i}`, rating: 5, text: 'a' })),
        },
        messages.reviewRequestNothingRated,
      ],
    ])('refuses %s with a clear 400', async (_name, over, message) => {
      const order = await (hostile ??= shippedOrder('bad@example.com'));
      const res = await send(new Shopper(demo.app), order.api, { sig: order.sig, ...over });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    });

    it('refuses a send without the crumb, or a body too big, never a 5xx', async () => {
      const order = await shippedOrder('crumb@example.com');
      const shopper = new Shopper(demo.app);
      await shopper.get('/api/crumb');
      const body = { sig: order.sig, name: 'C', reviews: [{ productId: NOTEBOOK, rating: 5, text: 'ok' }] };
      expect((await shopper.request('POST', order.api, body, { 'x-csrf-token': 'forged' })).statusCode).toBe(
        403,
      );
      const huge = await send(shopper, order.api, { ...body, name: 'x'.repeat(2_000_000) });
      expect(huge.statusCode).toBe(413);
    });
  });

  it('the kill-switch flag hides reviews everywhere, whatever the owner chose', async () => {
    await setFlags([REVIEWS_KILL_SWITCH_FLAG]);
    try {
      const shopper = new Shopper(demo.app);
      expect((await shopper.get(reviewsOf(TOTE))).statusCode).toBe(404);
      expect((await submit(shopper, TOTE, review({ email: 'k@example.com' }))).statusCode).toBe(404);
      expect((await demo.owner.get(SETTINGS)).json()).toEqual({ enabled: true, killSwitch: true });
      expect((await shopper.get('/shop/p/canvas-tote')).body).not.toContain('data-product-reviews');
    } finally {
      await setFlags([]);
    }
  });

  it('turning reviews off hides them again and stops review-request emails', async () => {
    await demo.owner.call('PUT', SETTINGS, { enabled: false });
    expect((await new Shopper(demo.app).get(reviewsOf(TOTE))).statusCode).toBe(404);
    const html = (await new Shopper(demo.app).get('/shop/p/canvas-tote')).body;
    expect(html).not.toContain('data-product-reviews');
    expect(html).not.toContain('AggregateRating');
    const order = await buy(NOTEBOOK, 'NOTE-3', 'off@example.com');
    await demo.owner.call('POST', STORE_API.fulfilOrder(order.id), { trackingNumber: 'T2' });
    const mails = await demo.database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.to, 'off@example.com'), eq(outgoingEmails.kind, 'review-request')));
    expect(mails).toHaveLength(0);
  });
});
