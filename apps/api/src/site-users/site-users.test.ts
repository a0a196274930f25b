import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import {
  outgoingEmails,
  pages,
  products,
  restockSignups,
  siteSessions,
  variants,
  websites,
} from '../db/schema';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { Shopper } from '../../test/client';
import { Member } from '../../test/member';
import { createMember } from '../security/members';
import { BROWSER_SESSION_MS, hashSessionToken, REMEMBER_ME_MS } from '../security/sessions';

const targets = await databaseTargets();

const SESSION = '/api/site-users/account/session';
const RESTOCK = '/api/site-users/account/notifications/restock';
const MUG = { productId: 'prod-enamel-mug', variantId: 'prod-enamel-mug-mug-1' };
const TOTE_BLACK = { productId: 'prod-canvas-tote', variantId: 'prod-canvas-tote-tote-black' };
const TOTE_OLIVE = { productId: 'prod-canvas-tote', variantId: 'prod-canvas-tote-tote-olive' };
const VIEWER = { email: 'viewer@demo.test', password: 'viewer-password-1' };
const CUSTOMER = { email: 'customer@demo.test', password: 'customer-password-1' };
const PAGING_OWNER = { email: 'owner@paging.test', password: 'paging-owner-1' };

/** One Set-Cookie of the answer, with its attributes. */
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe.each(targets)('site users on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let pagingApp: FastifyInstance;
  let ownerId: string;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await createMember(database.db, { websiteId: 'demo', ...VIEWER, roles: ['viewer'] });
    await createMember(database.db, { websiteId: 'demo', ...CUSTOMER, roles: ['customer'] });
    // As if behind a proxy on this machine: the tests give each visitor its own X-Forwarded-For.
    app = await buildApp({ database, trustProxy: '127.0.0.1' });
    pagingApp = await buildApp({ database, defaultWebsiteId: 'paging', trustProxy: '127.0.0.1' });
    await seedPagingSite(database);
  });
  afterAll(async () => {
    await app?.close();
    await pagingApp?.close();
    await database?.close();
  });

  const setStock = (variantId: string, qty: number) =>
    database.db.update(variants).set({ qtyInStock: qty }).where(eq(variants.id, variantId));
  const signUpsOf = (variantId: string) =>
    database.db
      .select()
      .from(restockSignups)
      .where(eq(restockSignups.variantId, variantId))
      .orderBy(restockSignups.email);

  describe('POST /api/site-users/account/session', () => {
    it('signs the seeded demo owner in: xsrfToken, httpOnly session cookie and readable site-user cookie', async () => {
      const member = new Member(app);
      const res = await member.signIn(DEMO_OWNER);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ xsrfToken: expect.stringMatching(/^[\w-]{32}$/) });

      const session = cookieOf(res, 'siteUserSession')!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session.secure).toBeFalsy();
      // Without rememberMe the cookie dies with the browser…
      expect(session.maxAge).toBeUndefined();
      expect(session.expires).toBeUndefined();

      const siteUser = cookieOf(res, 'siteUser')!;
      expect(siteUser.httpOnly).toBeFalsy();
      const info = new URLSearchParams(decodeURIComponent(siteUser.value));
      expect(info.get('authenticated')).toBe('true');
      ownerId = info.get('siteUserId')!;
      expect(ownerId).toBeTruthy();

      // …and the server ends it after 12 hours. Only the token's hash is stored.
      const [row] = await database.db
        .select()
        .from(siteSessions)
        .where(eq(siteSessions.id, hashSessionToken(session.value)));
      expect(row).toMatchObject({ memberId: ownerId, rememberMe: false, xsrfToken: res.json().xsrfToken });
      expect(row!.id).not.toBe(session.value);
      expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + BROWSER_SESSION_MS))).toBeLessThan(60_000);
    });

    it('keeps the session 30 days with rememberMe', async () => {
      const member = new Member(app);
      const res = await member.signIn(DEMO_OWNER, true);
      expect(cookieOf(res, 'siteUserSession')!.maxAge).toBe(REMEMBER_ME_MS / 1000);
      expect(cookieOf(res, 'siteUser')!.maxAge).toBe(REMEMBER_ME_MS / 1000);
      const [row] = await database.db
        .select()
        .from(siteSessions)
        .where(eq(siteSessions.id, hashSessionToken(member.cookies.get('siteUserSession')!)));
      expect(row!.rememberMe).toBe(true);
      expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + REMEMBER_ME_MS))).toBeLessThan(60_000);
    });

    it('marks the cookies Secure behind an https proxy', async () => {
      const res = await new Member(app).signIn(DEMO_OWNER, false, { 'x-forwarded-proto': 'https' });
      expect(cookieOf(res, 'siteUserSession')!.secure).toBe(true);
      expect(cookieOf(res, 'siteUser')!.secure).toBe(true);
    });

    it('ignores case and surrounding spaces in the email', async () => {
      const res = await new Member(app).signIn({
        email: '  Owner@Demo.TEST ',
        password: DEMO_OWNER.password,
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email with the same generic 401 and no cookies', async () => {
      const wrong = await new Member(app).signIn({ email: DEMO_OWNER.email, password: 'not-it' }, false, {
        'x-forwarded-for': '10.0.0.1',
      });
      const unknown = await new Member(app).signIn({ email: 'nobody@demo.test', password: 'not-it' }, false, {
        'x-forwarded-for': '10.0.0.1',
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
        expect(res.cookies.some((c) => c.name.startsWith('siteUser'))).toBe(false);
      }
      expect(wrong.json().error.message).toBe(unknown.json().error.message);
      expect(wrong.json().error.message).not.toMatch(/password is wrong|no account|not found/i);
    });

    it('does not let a member of one site sign in to another', async () => {
      const res = await new Member(pagingApp).signIn(DEMO_OWNER);
      expect(res.statusCode).toBe(401);
    });

    it('refuses a call without the crumb', async () => {
      const res = await app.inject({
        method: 'POST',
        url: SESSION,
        payload: { ...DEMO_OWNER, rememberMe: false },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    });

    it.each([
      [{ password: 'x', rememberMe: false }],
      [{ email: 'a@b.c', rememberMe: false }],
      [{ email: 'a@b.c', password: 'x', rememberMe: 'yes' }],
      [{ email: 'a@b.c', password: 'x'.repeat(2000) }],
    ])('answers 400 for the payload %j', async (payload) => {
      const res = await new Member(app).post(SESSION, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    });

    it('locks email and IP after 5 failures, even for the right password, with Retry-After', async () => {
      const ip = { 'x-forwarded-for': '10.0.0.2' };
      for (let i = 0; i < 5; i++) {
        expect(
          (await new Member(app).signIn({ email: VIEWER.email, password: `guess-${i}` }, false, ip))
            .statusCode,
        ).toBe(401);
      }
      const locked = await new Member(app).signIn(VIEWER, false, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.cookies.some((c) => c.name === 'siteUserSession')).toBe(false);
      // The lock is for that email from that address only.
      expect(
        (await new Member(app).signIn(VIEWER, false, { 'x-forwarded-for': '10.0.0.3' })).statusCode,
      ).toBe(200);
      expect((await new Member(app).signIn(DEMO_OWNER, false, ip)).statusCode).toBe(200);
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      const ip = { 'x-forwarded-for': '10.0.0.4' };
      const fail = () => new Member(app).signIn({ email: CUSTOMER.email, password: 'nope' }, false, ip);
      for (let i = 0; i < 4; i++) await fail();
      expect((await new Member(app).signIn(CUSTOMER, false, ip)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
      expect((await new Member(app).signIn(CUSTOMER, false, ip)).statusCode).toBe(200);
    });

    it('replaces the session the browser already had', async () => {
      const member = new Member(app);
      await member.signIn(DEMO_OWNER);
      const first = member.cookies.get('siteUserSession')!;
      await member.signIn(DEMO_OWNER);
      expect(member.cookies.get('siteUserSession')).not.toBe(first);
      expect(
        await database.db
          .select()
          .from(siteSessions)
          .where(eq(siteSessions.id, hashSessionToken(first))),
      ).toHaveLength(0);
    });
  });

  describe('DELETE /api/site-users/account/session', () => {
    let member: Member;
    beforeEach(async () => {
      member = new Member(app);
      await member.signIn(CUSTOMER, false, { 'x-forwarded-for': '10.1.0.1' });
    });

    it('answers crumbFail 403 without a matching X-SiteUser-XSRF-Token and keeps the session', async () => {
      const none = await member.delete(`${SESSION}?cloneCart=false`);
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({ crumbFail: true });
      const wrong = await member.request('DELETE', `${SESSION}?cloneCart=false`, undefined, {
        'x-siteuser-xsrf-token': 'x'.repeat(32),
      });
      expect(wrong.statusCode).toBe(403);
      expect(member.cookies.has('siteUserSession')).toBe(true);
      // Still signed in: an owner-only call is refused for the role, not for a missing session.
      expect((await member.get(`${RESTOCK}/groups`)).json().error.code).toBe('FORBIDDEN');
    });

    it('ends the session, clears both cookies and the cart cookies with cloneCart=false', async () => {
      await member.addToCart('prod-field-notebook', 'NOTE-3', 1);
      expect(member.cookies.has('SiteCart')).toBe(true);
      const token = member.cookies.get('siteUserSession')!;
      const res = await member.send('DELETE', `${SESSION}?cloneCart=false`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ signedOut: true });
      expect(member.cookies.has('siteUserSession')).toBe(false);
      expect(member.cookies.has('siteUser')).toBe(false);
      expect(member.cookies.has('SiteCart')).toBe(false);
      expect(
        await database.db
          .select()
          .from(siteSessions)
          .where(eq(siteSessions.id, hashSessionToken(token))),
      ).toHaveLength(0);
      // The old cookie no longer works even if a copy was kept.
      const replay = await app.inject({
        method: 'POST',
        url: RESTOCK,
        payload: MUG,
        headers: { cookie: `siteUserSession=${token}`, 'x-siteuser-xsrf-token': member.xsrf },
      });
      expect(replay.statusCode).toBe(401);
    });

    it('keeps the visitor cart with cloneCart=true', async () => {
      await member.addToCart('prod-field-notebook', 'NOTE-3', 1);
      const res = await member.send('DELETE', `${SESSION}?cloneCart=true`);
      expect(res.statusCode).toBe(200);
      expect(member.cookies.has('siteUserSession')).toBe(false);
      expect(member.cookies.has('SiteCart')).toBe(true);
    });

    it('clears the cookies when there is no live session', async () => {
      const stranger = new Shopper(app);
      stranger.cookies.set('siteUserSession', 'stale');
      stranger.cookies.set('siteUser', 'authenticated%3Dtrue');
      const res = await stranger.delete(`${SESSION}?cloneCart=true`);
      expect(res.statusCode).toBe(200);
      expect(stranger.cookies.has('siteUserSession')).toBe(false);
      expect(stranger.cookies.has('siteUser')).toBe(false);
    });

    it('answers 400 for a cloneCart that is not true or false', async () => {
      expect((await member.send('DELETE', `${SESSION}?cloneCart=maybe`)).statusCode).toBe(400);
    });
  });

  describe('requireMember', () => {
    it('answers 401 without a session and clears a stale session cookie', async () => {
      expect((await new Member(app).get(`${RESTOCK}/groups`)).statusCode).toBe(401);
      const stale = new Member(app);
      stale.cookies.set('siteUserSession', 'made-up');
      stale.cookies.set('siteUser', 'authenticated%3Dtrue');
      const res = await stale.get(`${RESTOCK}/groups`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('NOT_SIGNED_IN');
      expect(stale.cookies.has('siteUser')).toBe(false);
    });

    it('answers 401 once the session has expired on the server', async () => {
      const member = new Member(app);
      await member.signIn(DEMO_OWNER);
      await database.db
        .update(siteSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(siteSessions.id, hashSessionToken(member.cookies.get('siteUserSession')!)));
      expect((await member.get(`${RESTOCK}/groups`)).statusCode).toBe(401);
    });

    it('answers 403 to members without the owner role', async () => {
      for (const login of [VIEWER, CUSTOMER]) {
        const member = new Member(app);
        await member.signIn(login, false, { 'x-forwarded-for': '10.2.0.1' });
        for (const res of [
          await member.get(`${RESTOCK}/groups`),
          await member.get(`${RESTOCK}?productId=${MUG.productId}&variantId=${MUG.variantId}`),
          await member.send('POST', `${RESTOCK}/send`, MUG),
          await member.send('POST', `${RESTOCK}/send/all`, { sendRequests: [MUG] }),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
      }
    });

    it('checks the XSRF header before the role on writes', async () => {
      const member = new Member(app);
      await member.signIn(VIEWER, false, { 'x-forwarded-for': '10.2.0.2' });
      const res = await member.post(`${RESTOCK}/send`, MUG);
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    });
  });

  describe('POST /api/site-users/account/notifications/restock', () => {
    it('signs a member up with their own email and language', async () => {
      const member = new Member(app);
      await member.signIn(VIEWER, false, { 'x-forwarded-for': '10.3.0.1' });
      const res = await member.send('POST', RESTOCK, { ...TOTE_BLACK, language: 'fr' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ signedUp: true });
      const rows = await signUpsOf(TOTE_BLACK.variantId);
      expect(rows).toEqual([
        expect.objectContaining({
          email: VIEWER.email,
          language: 'fr',
          notifiedAt: null,
          joinMailingList: false,
          websiteId: 'demo',
        }),
      ]);
      // Twice is fine and keeps one row.
      expect((await member.send('POST', RESTOCK, TOTE_BLACK)).statusCode).toBe(200);
      expect(await signUpsOf(TOTE_BLACK.variantId)).toHaveLength(1);
    });

    it('needs a session and the XSRF header', async () => {
      expect((await new Member(app).post(RESTOCK, MUG)).statusCode).toBe(401);
      const member = new Member(app);
      await member.signIn(VIEWER, false, { 'x-forwarded-for': '10.3.0.2' });
      const res = await member.post(RESTOCK, MUG);
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    });

    it.each([
      ['an in-stock variant', TOTE_OLIVE, 409, 'IN_STOCK'],
      ['an unknown variant', { productId: 'prod-enamel-mug', variantId: 'nope' }, 404, 'ITEM_NOT_FOUND'],
      [
        'a variant of another product',
        { productId: 'prod-enamel-mug', variantId: TOTE_BLACK.variantId },
        404,
        'ITEM_NOT_FOUND',
      ],
      ['a missing variantId', { productId: 'prod-enamel-mug' }, 400, 'INVALID_REQUEST'],
    ])('refuses %s', async (_name, payload, status, code) => {
      const member = new Member(app);
      await member.signIn(VIEWER, false, { 'x-forwarded-for': '10.3.0.3' });
      const res = await member.send('POST', RESTOCK, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
    });
  });

  describe('owner listings and sending (demo site)', () => {
    let owner: Member;
    beforeAll(async () => {
      owner = new Member(app);
      await owner.signIn(DEMO_OWNER, false, { 'x-forwarded-for': '10.4.0.1' });
      const shopper = new Shopper(app);
      for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com']) {
        const res = await shopper.post('/api/commerce/restock-notifications', {
          ...MUG,
          siteVisitorEmail: email,
          isJoinMailingList: email === 'bob@example.com',
          recaptchaEnterpriseV3Token: 't',
        });
        expect(res.statusCode).toBe(200);
      }
    });

    it('lists the waiting groups with product, variant, stock and count', async () => {
      const res = await owner.get(`${RESTOCK}/groups`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
      const mug = body.signUpGroups.find((g: { variantId: string }) => g.variantId === MUG.variantId);
      expect(mug).toMatchObject({
        ...MUG,
        productTitle: 'Enamel Camp Mug',
        variantDescription: '',
        sku: 'MUG-1',
        qtyInStock: 0,
        signUpCount: 3,
      });
      // Catalogue order: the tote comes before the mug.
      const ids = body.signUpGroups.map((g: { variantId: string }) => g.variantId);
      expect(ids.indexOf(TOTE_BLACK.variantId)).toBeLessThan(ids.indexOf(MUG.variantId));
      expect(
        body.signUpGroups.find((g: { variantId: string }) => g.variantId === TOTE_BLACK.variantId),
      ).toMatchObject({
        variantDescription: 'Color: Black',
        sku: 'TOTE-BLACK',
      });
    });

    it('lists one variant’s sign-ups', async () => {
      const res = await owner.get(`${RESTOCK}?productId=${MUG.productId}&variantId=${MUG.variantId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.hasNextPage).toBe(false);
      expect(body.nextPageCursor).toBeNull();
      const bob = body.signUps.find((s: { email: string }) => s.email === 'bob@example.com');
      expect(bob).toEqual({
        email: 'bob@example.com',
        createdAt: expect.any(String),
        notifiedAt: null,
        joinMailingList: true,
      });
      expect(new Date(bob.createdAt).getTime()).not.toBeNaN();
    });

    it.each([
      [`${RESTOCK}?productId=prod-enamel-mug&variantId=nope`, 404],
      [`${RESTOCK}?productId=prod-enamel-mug`, 400],
      [`${RESTOCK}?productId=prod-enamel-mug&variantId=${MUG.variantId}&cursor=garbage`, 400],
      [`${RESTOCK}/groups?cursor=garbage`, 400],
    ])('answers %s with %i', async (url, status) => {
      expect((await owner.get(url)).statusCode).toBe(status);
    });

    it('refuses to send while the variant is still out of stock, changing nothing', async () => {
      const res = await owner.send('POST', `${RESTOCK}/send`, MUG);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'OUT_OF_STOCK', outOfStock: [MUG] });
      expect(res.json().error.message).toMatch(/still out of stock/);
      expect((await signUpsOf(MUG.variantId)).every((s) => s.notifiedAt === null)).toBe(true);
      expect(await database.db.select().from(outgoingEmails)).toHaveLength(0);
    });

    it('needs the XSRF header to send', async () => {
      const res = await owner.post(`${RESTOCK}/send`, MUG);
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    });

    it.each([
      [{ productId: 'prod-enamel-mug', variantId: 'nope' }, 404],
      [{ productId: 'prod-enamel-mug' }, 400],
    ])('answers send %j with %i', async (payload, status) => {
      expect((await owner.send('POST', `${RESTOCK}/send`, payload)).statusCode).toBe(status);
    });

    it('notifies the waiting sign-ups once the variant is back and records one email each', async () => {
      await setStock(MUG.variantId, 6);
      const res = await owner.send('POST', `${RESTOCK}/send`, MUG);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ notifiedCount: 3 });
      const rows = await signUpsOf(MUG.variantId);
      expect(rows.every((s) => s.notifiedAt instanceof Date)).toBe(true);
      const mails = await database.db.select().from(outgoingEmails).orderBy(outgoingEmails.to);
      expect(mails.map((m) => m.to)).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);
      expect(mails[0]).toMatchObject({
        websiteId: 'demo',
        subject: 'Enamel Camp Mug is back in stock',
        sentAt: null,
      });
      expect(mails[0]!.body).toContain('http://localhost:80/shop/p/enamel-mug');
      expect(mails[0]!.body).toContain('Fieldnotes Supply Co.');

      // Sending again has no one left to notify; the group leaves the waiting list.
      expect((await owner.send('POST', `${RESTOCK}/send`, MUG)).json()).toEqual({ notifiedCount: 0 });
      expect(await database.db.select().from(outgoingEmails)).toHaveLength(3);
      const groups = (await owner.get(`${RESTOCK}/groups`)).json().signUpGroups;
      expect(groups.some((g: { variantId: string }) => g.variantId === MUG.variantId)).toBe(false);
      // The variant listing still shows them, with notifiedAt.
      const listed = (
        await owner.get(`${RESTOCK}?productId=${MUG.productId}&variantId=${MUG.variantId}`)
      ).json().signUps;
      expect(listed.every((s: { notifiedAt: string | null }) => typeof s.notifiedAt === 'string')).toBe(true);
    });

    it('re-arms a member’s sign-up that was already notified', async () => {
      const member = new Member(app);
      await member.signIn(CUSTOMER, false, { 'x-forwarded-for': '10.4.0.2' });
      await setStock(MUG.variantId, 0);
      expect((await member.send('POST', RESTOCK, MUG)).statusCode).toBe(200);
      await setStock(MUG.variantId, 2);
      expect((await owner.send('POST', `${RESTOCK}/send`, MUG)).json()).toEqual({ notifiedCount: 1 });
      await setStock(MUG.variantId, 0);
      expect((await member.send('POST', RESTOCK, MUG)).statusCode).toBe(200);
      const [row] = (await signUpsOf(MUG.variantId)).filter((s) => s.email === CUSTOMER.email);
      expect(row!.notifiedAt).toBeNull();
    });

    it('send/all is all-or-nothing: one sold-out variant refuses the whole batch', async () => {
      const shopper = new Shopper(app);
      await shopper.post('/api/commerce/restock-notifications', {
        ...TOTE_BLACK,
        siteVisitorEmail: 'dee@example.com',
        recaptchaEnterpriseV3Token: 't',
      });
      await setStock(MUG.variantId, 0);
      await shopper.post('/api/commerce/restock-notifications', {
        ...MUG,
        siteVisitorEmail: 'eve@example.com',
        recaptchaEnterpriseV3Token: 't',
      });
      await setStock(MUG.variantId, 4);
      const before = (await database.db.select().from(outgoingEmails)).length;

      const refused = await owner.send('POST', `${RESTOCK}/send/all`, { sendRequests: [MUG, TOTE_BLACK] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'OUT_OF_STOCK', outOfStock: [TOTE_BLACK] });
      expect((await database.db.select().from(outgoingEmails)).length).toBe(before);

      const unknown = await owner.send('POST', `${RESTOCK}/send/all`, {
        sendRequests: [MUG, { productId: 'x', variantId: 'y' }],
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.notFound).toEqual([{ productId: 'x', variantId: 'y' }]);

      await setStock(TOTE_BLACK.variantId, 1);
      const sent = await owner.send('POST', `${RESTOCK}/send/all`, { sendRequests: [MUG, TOTE_BLACK, MUG] });
      expect(sent.statusCode).toBe(200);
      // The mug: eve and the customer re-armed above; the tote: the viewer and dee. MUG twice counts once.
      expect(sent.json()).toEqual({
        results: [
          { ...MUG, notifiedCount: 2 },
          { ...TOTE_BLACK, notifiedCount: 2 },
        ],
        notifiedCount: 4,
      });
      expect((await database.db.select().from(outgoingEmails)).length).toBe(before + 4);
      expect((await signUpsOf(TOTE_BLACK.variantId)).every((s) => s.notifiedAt !== null)).toBe(true);
    });

    it.each([[{ sendRequests: [] }], [{}], [{ sendRequests: [{ productId: 'a' }] }]])(
      'answers send/all %j with 400',
      async (payload) => {
        expect((await owner.send('POST', `${RESTOCK}/send/all`, payload)).statusCode).toBe(400);
      },
    );

    it('never emails anyone twice when two sends race', async () => {
      const shopper = new Shopper(app);
      await setStock(MUG.variantId, 0);
      for (let i = 0; i < 8; i++) {
        await shopper.post('/api/commerce/restock-notifications', {
          ...MUG,
          siteVisitorEmail: `race${i}@example.com`,
          recaptchaEnterpriseV3Token: 't',
        });
      }
      await setStock(MUG.variantId, 9);
      const before = (await database.db.select().from(outgoingEmails)).length;
      const answers = await Promise.all([
        owner.send('POST', `${RESTOCK}/send`, MUG),
        owner.send('POST', `${RESTOCK}/send/all`, { sendRequests: [MUG] }),
        owner.send('POST', `${RESTOCK}/send`, MUG),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const counts = answers.map((a) => a.json().notifiedCount as number);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
      const mails = await database.db.select().from(outgoingEmails);
      expect(mails.length - before).toBe(8);
      const raced = mails.filter((m) => m.to.startsWith('race'));
      expect(new Set(raced.map((m) => m.to)).size).toBe(8);
      expect(raced).toHaveLength(8);
    });
  });

  describe('pagination (a second site with 25 waiting variants)', () => {
    let owner: Member;
    beforeAll(async () => {
      owner = new Member(pagingApp);
      const res = await owner.signIn(PAGING_OWNER);
      expect(res.statusCode).toBe(200);
    });

    it('pages the groups 20 at a time in catalogue order, with no repeats or gaps', async () => {
      const first = (await owner.get(`${RESTOCK}/groups`)).json();
      expect(first.signUpGroups).toHaveLength(20);
      expect(first.hasNextPage).toBe(true);
      expect(first.nextPageCursor).toEqual(expect.any(String));
      const second = (
        await owner.get(`${RESTOCK}/groups?cursor=${encodeURIComponent(first.nextPageCursor)}`)
      ).json();
      expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
      expect(second.signUpGroups).toHaveLength(5);
      const all = [...first.signUpGroups, ...second.signUpGroups];
      expect(all.map((g) => g.sku)).toEqual(pagingSkus);
      expect(all[0]).toMatchObject({ productTitle: 'Beta', variantDescription: 'Size: 0', signUpCount: 1 });
      expect(all.find((g) => g.sku === 'A-03')).toMatchObject({ productTitle: 'Alpha', signUpCount: 4 });
      // The demo site's groups never show here.
      expect(all.some((g) => g.productId.startsWith('prod-'))).toBe(false);
    });

    it('keeps its place when a sign-up arrives on an earlier page between loads', async () => {
      const first = (await owner.get(`${RESTOCK}/groups`)).json();
      await database.db.insert(restockSignups).values({
        id: 'late-1',
        websiteId: 'paging',
        productId: 'beta',
        variantId: 'beta-00',
        email: 'late@example.com',
      });
      const second = (
        await owner.get(`${RESTOCK}/groups?cursor=${encodeURIComponent(first.nextPageCursor)}`)
      ).json();
      expect(second.signUpGroups.map((g: { sku: string }) => g.sku)).toEqual(pagingSkus.slice(20));
      await database.db.delete(restockSignups).where(eq(restockSignups.id, 'late-1'));
    });

    it('pages one variant’s 25 sign-ups, oldest first, ties broken by id', async () => {
      const url = `${RESTOCK}?productId=beta&variantId=beta-09`;
      const first = (await owner.get(url)).json();
      expect(first.signUps).toHaveLength(20);
      expect(first.hasNextPage).toBe(true);
      const second = (await owner.get(`${url}&cursor=${encodeURIComponent(first.nextPageCursor)}`)).json();
      expect(second.signUps).toHaveLength(5);
      expect(second.hasNextPage).toBe(false);
      const emails = [...first.signUps, ...second.signUps].map((s: { email: string }) => s.email);
      expect(new Set(emails).size).toBe(25);
      const rows = await database.db
        .select({ email: restockSignups.email })
        .from(restockSignups)
        .where(and(eq(restockSignups.variantId, 'beta-09')))
        .orderBy(restockSignups.createdAt, restockSignups.id);
      expect(emails).toEqual(rows.map((r) => r.email));
    });

    it('answers a cursor from the other listing with 400', async () => {
      const first = (await owner.get(`${RESTOCK}/groups`)).json();
      const res = await owner.get(
        `${RESTOCK}?productId=beta&variantId=beta-09&cursor=${encodeURIComponent(first.nextPageCursor)}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURSOR');
    });
  });
});

// Beta (10 sold-out variants) comes before Alpha (15) in the catalogue although its id sorts
// after: the listing has to follow positions, not ids.
const pagingSkus = [
  ...Array.from({ length: 10 }, (_, i) => `B-${String(i).padStart(2, '0')}`),
  ...Array.from({ length: 15 }, (_, i) => `A-${String(i).padStart(2, '0')}`),
];

async function seedPagingSite(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  await db.insert(websites).values({ id: 'paging', title: 'Paging Store' });
  await db.insert(pages).values({
    id: 'paging-shop',
    websiteId: 'paging',
    path: '/store',
    title: 'Store',
    pageType: 1,
    collectionType: 'products',
    templateName: 'products-list',
  });
  await db.insert(products).values([
    {
      id: 'alpha',
      websiteId: 'paging',
      collectionId: 'paging-shop',
      urlId: 'alpha',
      title: 'Alpha',
      productType: 1,
      position: 1,
    },
    {
      id: 'beta',
      websiteId: 'paging',
      collectionId: 'paging-shop',
      urlId: 'beta',
      title: 'Beta',
      productType: 1,
      position: 0,
    },
  ]);
  const variantRows = pagingSkus.map((sku) => {
    const productId = sku.startsWith('A') ? 'alpha' : 'beta';
    const n = Number(sku.slice(2));
    return {
      id: `${productId}-${sku.slice(2)}`,
      productId,
      sku,
      attributes: { Size: String(n) },
      priceCents: 100,
      qtyInStock: 0,
      position: n,
    };
  });
  await db.insert(variants).values(variantRows);
  // Variant n gets n+1 sign-ups (capped so beta-09 has 25 for the sign-up paging test).
  const signUps = variantRows.flatMap((v) => {
    const n = v.id === 'beta-09' ? 25 : v.position + 1;
    return Array.from({ length: n }, (_, i) => ({
      id: `${v.id}-s${String(i).padStart(2, '0')}`,
      websiteId: 'paging',
      productId: v.productId,
      variantId: v.id,
      email: `${v.id}-${i}@example.com`,
      // Half share one timestamp, so ties must fall back to the id.
      createdAt: sql`now() - make_interval(secs => ${i % 2 === 0 ? 0 : i})`,
    }));
  });
  await db.insert(restockSignups).values(signUps as never);
  await createMember(db, { websiteId: 'paging', ...PAGING_OWNER, roles: ['owner'] });
}
