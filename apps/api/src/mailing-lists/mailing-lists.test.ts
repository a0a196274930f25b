import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EDITOR_API,
  MAILING_API,
  mailingMessages,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type MailingListView,
  type PageDetail,
  type SubscriberPage,
  type WebhookView,
} from '@site/page-content';
import { messages as formMessages } from '@site/forms';
import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { LOCAL_VERIFIER_SECRET, startCaptchaVerifier } from '../../test/captcha-verifier';
import { buildApp } from '../app';
import { captchaVerifierFromEnv } from '../security/captcha';
import type { DatabaseHandle } from '../db/client';
import { mailingListSubscribers, outgoingEmails, webhookDeliveries, websites } from '../db/schema';
import { createJobQueue, type JobQueue } from '../jobs';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { verifyDelivery } from '../webhooks/signature';

const targets = await databaseTargets();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1; `/slow` never answers, `/fail` answers 500. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      if (req.url === '/slow') return;
      res.statusCode = req.url === '/fail' ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(targets)('mailing lists, newsletter and webhooks on $name', (target) => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  let app: FastifyInstance;
  let owner: EditorClient;
  let viewer: EditorClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let list: MailingListView;
  let page: PageDetail;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    jobs = await createJobQueue(database, { retryDelaySeconds: 1, pollSeconds: 0.5, stopTimeoutMs: 1000 });
    app = await buildApp({ database, writesPerMinute: 0, jobs, webhookPolicy: { allowPrivate: true } });
    receiver = await startReceiver();
    [owner, viewer] = await Promise.all([
      new EditorClient(app).signIn(DEMO_OWNER),
      new EditorClient(app).signIn(DEMO_VIEWER),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await jobs?.stop();
    await receiver?.close();
    await database?.close();
  });

  /** Turns the site's captcha on for one test, on an app of its own (its own sign-up limit). */
  async function withSiteCaptcha(verifyUrl: string, test: (captchaApp: FastifyInstance) => Promise<void>) {
    const [site] = await database.db.select().from(websites).where(eq(websites.id, 'demo'));
    await database.db
      .update(websites)
      .set({ settings: { ...site!.settings, captchaSettings: { siteKey: 'site-key-1' } } })
      .where(eq(websites.id, 'demo'));
    const captchaVerifier = captchaVerifierFromEnv({
      CAPTCHA_VERIFY_URL: verifyUrl,
      CAPTCHA_SECRET: LOCAL_VERIFIER_SECRET,
    });
    const captchaApp = await buildApp({ database, writesPerMinute: 0, captchaVerifier });
    try {
      await test(captchaApp);
    } finally {
      await captchaApp.close();
      await database.db.update(websites).set({ settings: site!.settings }).where(eq(websites.id, 'demo'));
    }
  }
  const signUpOn = async (target: FastifyInstance, body: Record<string, unknown>) => {
    const visitor = new Shopper(target);
    const key = (await visitor.post('/api/form/FormSubmissionKey')).json().data.key as string;
    return visitor.post(MAILING_API.subscribe, { pageId: page.id, blockId: 'news', key, ...body });
  };
  const signUp = async (visitor: Shopper, body: Record<string, unknown>) => {
    const key = (await visitor.post('/api/form/FormSubmissionKey')).json().data.key as string;
    return visitor.post(MAILING_API.subscribe, { pageId: page.id, blockId: 'news', key, ...body });
  };
  const lastEmail = async () =>
    (await database.db.select().from(outgoingEmails).orderBy(desc(outgoingEmails.createdAt)).limit(1))[0]!;
  const subscriberRow = async (email: string) =>
    (
      await database.db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.email, email))
    )[0];

  it('lets the owner create, rename and list mailing lists; names are required and unique; a viewer only reads', async () => {
    const created = await owner.call('POST', MAILING_API.lists, { name: 'Workshop news' });
    expect(created.statusCode, created.body).toBe(201);
    list = created.json();
    expect(list).toMatchObject({ name: 'Workshop news', isDefault: true, subscriberCount: 0 });
    expect(
      (await owner.call('POST', MAILING_API.lists, { name: 'Workshop news' })).json().error.message,
    ).toBe(mailingMessages.listNameTaken);
    expect((await owner.call('POST', MAILING_API.lists, { name: '  ' })).json().error.message).toBe(
      mailingMessages.listNameRequired,
    );
    const other = (await owner.call('POST', MAILING_API.lists, { name: 'Other' })).json() as MailingListView;
    expect(other.isDefault).toBe(false);
    expect((await owner.call('PATCH', MAILING_API.list(other.id), { name: 'Renamed' })).json().name).toBe(
      'Renamed',
    );
    expect((await viewer.call('POST', MAILING_API.lists, { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.get(MAILING_API.lists)).json().lists.map((l: MailingListView) => l.name)).toEqual([
      'Workshop news',
      'Renamed',
    ]);
    expect((await owner.call('DELETE', MAILING_API.list(other.id))).statusCode).toBe(204);
    expect((await new Shopper(app).get(MAILING_API.lists)).statusCode).toBe(401);
  });

  it('refuses malformed webhook URLs and registers one for subscriber added, answering its secret once', async () => {
    for (const url of ['not a url', 'ftp://127.0.0.1/x', 'http://user:pw@example.com/']) {
      const res = await owner.call('POST', MAILING_API.webhooks, { url, events: ['subscriber.added'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe(mailingMessages.webhookUrlInvalid);
    }
    expect(
      (await owner.call('POST', MAILING_API.webhooks, { url: receiver.url, events: [] })).json().error
        .message,
    ).toBe(mailingMessages.webhookEventsRequired);
    const res = await owner.call('POST', MAILING_API.webhooks, {
      url: `${receiver.url}/hook`,
      events: ['subscriber.added', 'form.submitted'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as WebhookView).secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await owner.get(MAILING_API.webhooks)).json().webhooks[0]).not.toHaveProperty('secret');
  });

  it('publishes a page with a newsletter block connected to the list', async () => {
    page = (await owner.call('POST', EDITOR_API.pages, { title: 'News' })).json();
    const document = {
      sections: [
        {
          id: 's1',
          blocks: [{ id: 'news', type: 'newsletter', settings: { listId: list.id, doubleOptIn: true } }],
        },
      ],
    };
    const saved = await owner.call('PUT', EDITOR_API.draft(page.id), { document, version: page.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await owner.call('POST', EDITOR_API.publish(page.id), { version: saved.json().version })).statusCode,
    ).toBe(200);
    const html = (await new Shopper(app).get(page.path)).body;
    expect(html).toContain('data-newsletter-block data-double-opt-in');
  });

  it('refuses sign-ups without a crumb, with a bad email, a spent key or an unconnected block', async () => {
    const visitor = new Shopper(app);
    const noCrumb = await app.inject({
      method: 'POST',
      url: MAILING_API.subscribe,
      payload: { pageId: page.id, blockId: 'news', email: 'a@b.co', key: 'k' },
    });
    expect(noCrumb.statusCode).toBe(403);
    const bad = await signUp(visitor, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { email: formMessages.emailInvalid } });
    const elsewhere = await signUp(visitor, { email: 'x@example.com', blockId: 'missing' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe(mailingMessages.newsletterNotConnected);
    const reused = await visitor.post(MAILING_API.subscribe, {
      pageId: page.id,
      blockId: 'news',
      email: 'x@example.com',
      key: 'never-issued',
    });
    expect(reused.json().error).toBe(formMessages.submitKeyUnavailable);
    expect(await subscriberRow('x@example.com')).toBeUndefined();
  });

  it('answers a bot that fills the honeypot as if signed up, and stores nothing', async () => {
    const res = await signUp(new Shopper(app), { email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.json()).toEqual({ success: true });
    expect(await subscriberRow('bot@example.com')).toBeUndefined();
  });

  it('signs a visitor up with double opt-in: a confirmation email, a single-use link, then the signed webhook', async () => {
    const res = await signUp(new Shopper(app), { email: ' Ada@Example.com ' });
    expect(res.json()).toEqual({ success: true });
    expect(await subscriberRow('ada@example.com')).toMatchObject({
      status: 'pending',
      source: 'newsletter-block',
      confirmedAt: null,
    });
    const email = await lastEmail();
    expect(email).toMatchObject({ to: 'ada@example.com', kind: 'newsletter-confirmation' });
    expect(email.subject).toContain('Workshop news');
    const link = /http:\/\/[^\s]+\/newsletter\/confirm\?token=[\w-]+/.exec(email.body)![0];
    const confirm = await new Shopper(app).get(new URL(link).pathname + new URL(link).search);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toMatch(/^\/newsletter\/unsubscribe\?token=[\w-]+&confirmed=1$/);
    expect(await subscriberRow('ada@example.com')).toMatchObject({
      status: 'confirmed',
      confirmTokenHash: null,
    });
    const again = await new Shopper(app).get(new URL(link).pathname + new URL(link).search);
    expect(again.headers.location).toBe('/newsletter/unsubscribe?invalid=confirm');

    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const [delivery] = receiver.received;
    const secret = (await database.db.query.webhooks.findFirst())!.secret;
    expect(
      verifyDelivery(
        secret,
        String(delivery!.headers[WEBHOOK_TIMESTAMP_HEADER]),
        delivery!.body,
        String(delivery!.headers[WEBHOOK_SIGNATURE_HEADER]),
      ),
    ).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'subscriber.added',
      data: { email: 'ada@example.com', listId: list.id, source: 'newsletter-block' },
    });
    const hook = (await owner.get(MAILING_API.webhooks)).json().webhooks[0] as WebhookView;
    await expect
      .poll(async () => (await owner.get(MAILING_API.deliveries(hook.id))).json().deliveries[0]?.status)
      .toBe('delivered');

    const unsubscribePage = await new Shopper(app).get(confirm.headers.location!);
    expect(unsubscribePage.statusCode).toBe(200);
    expect(unsubscribePage.body).toContain('Subscription confirmed');
    expect(unsubscribePage.body).toContain('"pageType":300');
    const done = await new Shopper(app).post(confirm.headers.location!.replace('&confirmed=1', ''));
    expect(done.statusCode).toBe(303);
    expect((await new Shopper(app).get(done.headers.location!)).body).toContain('You are unsubscribed');
    expect(await subscriberRow('ada@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect((await new Shopper(app).get('/newsletter/unsubscribe?token=forged')).statusCode).toBe(404);
  });

  it('lists subscribers with search and exports CSV that a spreadsheet cannot run', async () => {
    await signUp(new Shopper(app), { email: '=cmd@example.com' });
    const found = (await owner.get(`${MAILING_API.subscribers(list.id)}?search=CMD`)).json();
    expect(found).toMatchObject({
      total: 1,
      subscribers: [{ email: '=cmd@example.com', status: 'pending' }],
    });
    expect((await owner.get(`${MAILING_API.subscribers(list.id)}?search=%25`)).json().total).toBe(0);
    const csv = await viewer.get(MAILING_API.subscribersCsv(list.id));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('email,status,source,consented_at,confirmed_at');
    expect(csv.body).toContain("'=cmd@example.com,pending,newsletter-block");
  });

  it('pages subscribers by keyset: many at one instant are neither skipped nor repeated, with or without a search', async () => {
    const big = (
      await owner.call('POST', MAILING_API.lists, { name: 'Keyset paging' })
    ).json() as MailingListView;
    // 70 share one instant, 30 sit a microsecond apart (which a JS Date cannot tell apart), 20 spread.
    const instants = [
      ...Array.from({ length: 70 }, () => '2026-03-01 10:00:00.123456+00'),
      ...Array.from({ length: 30 }, (_, i) => `2026-03-01 10:00:00.12345${i % 2 === 0 ? 5 : 7}+00`),
      ...Array.from({ length: 20 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')} 09:00:00+00`),
    ];
    await database.db.insert(mailingListSubscribers).values(
      instants.map((at, i) => ({
        id: `keyset-${i}`,
        listId: big.id,
        email: `${i % 3 === 0 ? 'third' : 'other'}-${(i * 7919) % 1000}@example.com`,
        status: 'confirmed' as const,
        source: 'popup' as const,
        consentedAt: sql`${at}::timestamptz`,
        unsubscribeTokenHash: `keyset-token-${i}`,
      })),
    );
    const expected = async (search?: string) =>
      (
        await database.db
          .select({ email: mailingListSubscribers.email })
          .from(mailingListSubscribers)
          .where(
            and(
              eq(mailingListSubscribers.listId, big.id),
              search ? like(mailingListSubscribers.email, `%${search}%`) : undefined,
            ),
          )
          .orderBy(desc(mailingListSubscribers.consentedAt), asc(mailingListSubscribers.email))
      ).map((r) => r.email);
    const pageThrough = async (search?: string) => {
      const seen: string[] = [];
      const totals: (number | null)[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const query = new URLSearchParams({ ...(search && { search }), ...(cursor && { cursor }) });
        const res = await owner.get(`${MAILING_API.subscribers(big.id)}?${query.toString()}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as SubscriberPage;
        seen.push(...page.subscribers.map((v) => v.email));
        totals.push(page.total);
        cursor = page.nextPageCursor;
      }
      return { seen, totals };
    };
    const all = await pageThrough();
    expect(all.seen).toEqual(await expected());
    expect(all.totals).toEqual([120, null, null]);
    const thirds = await pageThrough('THIRD');
    expect(thirds.seen).toEqual(await expected('third'));
    expect(thirds.totals).toEqual([40]);

    const csv = (await owner.get(MAILING_API.subscribersCsv(big.id))).body.trimEnd().split('\r\n');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(await expected());

    for (const bad of ['nope', Buffer.from('[1]').toString('base64url'), 'x'.repeat(501)]) {
      expect((await owner.get(`${MAILING_API.subscribers(big.id)}?cursor=${bad}`)).statusCode).toBe(400);
    }
  });

  it('feeds the default list from the restock form box', async () => {
    const [variant] = await database.db.query.variants.findMany({
      where: (v, { eq: is }) => is(v.qtyInStock, 0),
      limit: 1,
    });
    expect(variant, 'the demo store has a sold-out variant').toBeDefined();
    const res = await new Shopper(app).post('/api/commerce/restock-notifications', {
      productId: variant!.productId,
      variantId: variant!.id,
      siteVisitorEmail: 'restock@example.com',
      recaptchaEnterpriseV3Token: 't',
      isJoinMailingList: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriberRow('restock@example.com')).toMatchObject({
      listId: list.id,
      status: 'pending',
      source: 'restock-form',
    });
  });

  it("with the site's captcha on, a newsletter or restock sign-up needs a token the provider verifies for its action", async () => {
    const provider = await startCaptchaVerifier({
      'news-token': 'NEWSLETTER_BLOCK_SUBMISSION',
      'waitlist-token': 'PRODUCT_WAITLIST_SUBMISSION',
    });
    try {
      await withSiteCaptcha(provider.url, async (captchaApp) => {
        const [variant] = await database.db.query.variants.findMany({
          where: (v, { eq: is }) => is(v.qtyInStock, 0),
          limit: 1,
        });
        const restock = (token: string) =>
          new Shopper(captchaApp).post('/api/commerce/restock-notifications', {
            productId: variant!.productId,
            variantId: variant!.id,
            siteVisitorEmail: 'captcha-restock@example.com',
            recaptchaEnterpriseV3Token: token,
          });
        const cases: [string, Record<string, unknown>][] = [
          ['no token', {}],
          ['an empty token', { captchaKey: '' }],
          ['a forged token', { captchaKey: 'forged' }],
          ["the restock form's token", { captchaKey: 'waitlist-token' }],
        ];
        for (const [label, extra] of cases) {
          const res = await signUpOn(captchaApp, { email: 'captcha-news@example.com', ...extra });
          expect(res.statusCode, label).toBe(400);
          expect(res.json(), label).toEqual({ error: formMessages.captchaIncomplete });
        }
        expect(await subscriberRow('captcha-news@example.com')).toBeUndefined();
        const ok = await signUpOn(captchaApp, {
          email: 'captcha-news@example.com',
          captchaKey: 'news-token',
        });
        expect(ok.json()).toEqual({ success: true });
        expect(provider.seen.at(-1)).toMatchObject({ secret: LOCAL_VERIFIER_SECRET, response: 'news-token' });
        expect(await subscriberRow('captcha-news@example.com')).toBeDefined();

        for (const token of ['', 'local', 'news-token']) {
          const res = await restock(token);
          expect(res.statusCode, token).toBe(400);
          expect(res.json().error, token).toMatchObject({
            code: token ? 'CAPTCHA_INVALID' : 'CAPTCHA_REQUIRED',
            message: formMessages.captchaIncomplete,
          });
        }
        expect((await restock('waitlist-token')).json()).toEqual({ signedUp: true });
      });
    } finally {
      await provider.close();
    }
  });

  it("signs a visitor up from the promotional pop-up into its settings' list, with a PROMO_POPUP_SUBMISSION token once the site's captcha is on", async () => {
    const popupSignUp = async (target: FastifyInstance, body: Record<string, unknown>) => {
      const visitor = new Shopper(target);
      const key = (await visitor.post('/api/form/FormSubmissionKey')).json().data.key as string;
      return visitor.post(MAILING_API.popupSubscribe, { key, ...body });
    };
    const [site] = await database.db.select().from(websites).where(eq(websites.id, 'demo'));
    const setPopup = (popupOverlay: unknown) =>
      database.db
        .update(websites)
        .set({ settings: { ...site!.settings, popupOverlay } })
        .where(eq(websites.id, 'demo'));
    const popup = { enabled: true, version: 1, title: 'Join us' };
    try {
      // A pop-up without a sign-up takes none.
      await setPopup(popup);
      const none = await popupSignUp(app, { email: 'popup-none@example.com' });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ error: mailingMessages.newsletterNotConnected });

      // Without a list named, the default list; no captcha on the site, no token needed.
      await setPopup({ ...popup, newsletter: { doubleOptIn: false } });
      expect((await popupSignUp(app, { email: 'popup-default@example.com' })).json()).toEqual({
        success: true,
      });
      expect(await subscriberRow('popup-default@example.com')).toMatchObject({
        listId: list.id,
        status: 'confirmed',
        source: 'popup',
      });
      expect((await popupSignUp(app, { email: 'not an email' })).json()).toEqual({
        errors: { email: formMessages.emailInvalid },
      });

      await setPopup({ ...popup, newsletter: { listId: list.id, doubleOptIn: false } });
      const provider = await startCaptchaVerifier({
        'promo-token': 'PROMO_POPUP_SUBMISSION',
        'news-token': 'NEWSLETTER_BLOCK_SUBMISSION',
      });
      try {
        await withSiteCaptcha(provider.url, async (captchaApp) => {
          for (const [label, extra] of [
            ['no token', {}],
            ['a forged token', { captchaKey: 'forged' }],
            ["the newsletter block's token", { captchaKey: 'news-token' }],
          ] as const) {
            const res = await popupSignUp(captchaApp, { email: 'popup-captcha@example.com', ...extra });
            expect(res.statusCode, label).toBe(400);
            expect(res.json(), label).toEqual({ error: formMessages.captchaIncomplete });
          }
          expect(await subscriberRow('popup-captcha@example.com')).toBeUndefined();
          const ok = await popupSignUp(captchaApp, {
            email: 'popup-captcha@example.com',
            captchaKey: 'promo-token',
          });
          expect(ok.json()).toEqual({ success: true });
          expect(provider.seen.at(-1)).toMatchObject({
            secret: LOCAL_VERIFIER_SECRET,
            response: 'promo-token',
          });
          expect(await subscriberRow('popup-captcha@example.com')).toMatchObject({
            listId: list.id,
            source: 'popup',
          });
        });
      } finally {
        await provider.close();
      }
    } finally {
      await database.db.update(websites).set({ settings: site!.settings }).where(eq(websites.id, 'demo'));
    }
  });

  it('answers "try again later" (503), not "Complete CAPTCHA", when the provider cannot be reached', async () => {
    await withSiteCaptcha('http://127.0.0.1:9/siteverify', async (captchaApp) => {
      const res = await signUpOn(captchaApp, { email: 'down@example.com', captchaKey: 'news-token' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: formMessages.submitServerError });
      expect(await subscriberRow('down@example.com')).toBeUndefined();
    });
  });

  it('never holds up the request when a receiver hangs or fails, and retries a failure', async () => {
    await owner.call('POST', MAILING_API.webhooks, {
      url: `${receiver.url}/slow`,
      events: ['subscriber.added'],
    });
    const failing = (
      await owner.call('POST', MAILING_API.webhooks, {
        url: `${receiver.url}/fail`,
        events: ['subscriber.added'],
      })
    ).json() as WebhookView;
    const started = Date.now();
    const page2 = await owner.call('PUT', EDITOR_API.draft(page.id), {
      document: {
        sections: [
          {
            id: 's1',
            blocks: [{ id: 'news', type: 'newsletter', settings: { listId: list.id, doubleOptIn: false } }],
          },
        ],
      },
      version: (await owner.get(EDITOR_API.page(page.id))).json().version,
    });
    await owner.call('POST', EDITOR_API.publish(page.id), { version: page2.json().version });
    const res = await signUp(new Shopper(app), { email: 'direct@example.com' });
    expect(res.json()).toEqual({ success: true });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await subscriberRow('direct@example.com')).toMatchObject({ status: 'confirmed' });
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select()
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.webhookId, failing.id))
          )[0]?.attempts ?? 0,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const [failed] = (await owner.get(MAILING_API.deliveries(failing.id))).json().deliveries;
    expect(failed).toMatchObject({ status: 'pending', responseStatus: 500, lastError: 'HTTP 500' });
  }, 30_000);

  it('treats a mangled confirmation or unsubscribe link (a repeated token) as not valid, never a 500', async () => {
    const confirm = await app.inject('/newsletter/confirm?token=%FF&token=');
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/newsletter/unsubscribe?invalid=confirm');
    const unsubscribe = await app.inject({ method: 'POST', url: '/newsletter/unsubscribe?token=a&token=b' });
    expect(unsubscribe.statusCode).toBe(400);
  });
});
