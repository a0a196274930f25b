import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import {
  memberTokens,
  orders,
  outgoingEmails,
  siteMembers,
  siteSessions,
  variants,
  websites,
} from '../db/schema';
import { seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { Member } from '../../test/member';
import { createMember } from '../security/members';
import { memberMessages } from '../security/member-messages';

const targets = await databaseTargets();

const ACCOUNT = '/api/site-users/account';
const PASSWORD = 'plum orchard 42';

let visitorIp = 0;
/** Each test its own client address, so the sign-in lock of one test never meets another's. */
const newIp = () => ({ 'x-forwarded-for': `10.9.0.${++visitorIp}` });

describe.each(targets)('member accounts on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, trustProxy: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const emailsTo = (to: string) =>
    database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.to, to))
      .orderBy(desc(outgoingEmails.createdAt));
  const linkToken = (body: string, path: string) =>
    new RegExp(`${path}\\?token=([\\w-]{43})`).exec(body)?.[1];
  const memberRow = async (email: string) =>
    (await database.db.select().from(siteMembers).where(eq(siteMembers.email, email)))[0];
  // The resend gap would hold back the next email of the same kind within a minute.
  const ageTokens = (memberId: string) =>
    database.db
      .update(memberTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(memberTokens.memberId, memberId));

  async function signedInMember(email: string, password = PASSWORD) {
    const member = new Member(app);
    const res = await member.signIn({ email, password }, false, newIp());
    expect(res.statusCode).toBe(200);
    return member;
  }

  describe('creating an account', () => {
    it('creates an unverified customer, emails a verification link, and the link verifies once', async () => {
      const visitor = new Member(app);
      const res = await visitor.post(ACCOUNT, {
        email: ' New.Person@Example.test',
        password: PASSWORD,
        consent: true,
        language: 'fr-CA',
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ checkEmail: true, message: memberMessages.checkEmail });
      const row = await memberRow('new.person@example.test');
      expect(row).toMatchObject({ roles: ['customer'], emailVerifiedAt: null, locale: 'fr-CA' });
      expect(row!.consentedAt).toBeInstanceOf(Date);

      const [mail] = await emailsTo('new.person@example.test');
      expect(mail!.kind).toBe('member-verification');
      const token =
        linkToken(mail!.body, 'http://localhost:80/account/verify') ??
        linkToken(mail!.body, '/account/verify');
      expect(token).toBeDefined();
      // Only the digest is stored.
      expect(await database.db.select().from(memberTokens).where(eq(memberTokens.id, token!))).toHaveLength(
        0,
      );

      // Unverified members can sign in; the account says it is not verified and shows no orders.
      const member = await signedInMember('new.person@example.test');
      const before = await member.get(ACCOUNT);
      expect(before.json()).toMatchObject({
        account: { email: 'new.person@example.test', emailVerified: false, language: 'fr-CA' },
        orders: [],
      });

      expect((await visitor.post(`${ACCOUNT}/verify`, { token })).json()).toEqual({ verified: true });
      expect((await member.get(ACCOUNT)).json().account.emailVerified).toBe(true);
      const again = await visitor.post(`${ACCOUNT}/verify`, { token });
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toMatchObject({ code: 'TOKEN_USED', message: memberMessages.tokenUsed });
    });

    it('answers a known email exactly like a new one and mails its owner instead of creating a second account', async () => {
      await createMember(database.db, {
        websiteId: 'demo',
        email: 'known@example.test',
        password: PASSWORD,
        roles: ['customer'],
      });
      const res = await new Member(app).post(ACCOUNT, {
        email: 'known@example.test',
        password: 'another pass 9',
        consent: true,
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ checkEmail: true, message: memberMessages.checkEmail });
      expect(
        await database.db.select().from(siteMembers).where(eq(siteMembers.email, 'known@example.test')),
      ).toHaveLength(1);
      const [mail] = await emailsTo('known@example.test');
      expect(mail!.kind).toBe('password-reset');
      // The password sent with the second sign-up changed nothing.
      await signedInMember('known@example.test');
    });

    it('re-sends verification at most once a minute', async () => {
      const body = { email: 'twice@example.test', password: PASSWORD, consent: true };
      await new Member(app).post(ACCOUNT, body);
      await new Member(app).post(ACCOUNT, body);
      expect(await emailsTo('twice@example.test')).toHaveLength(1);
      const member = await signedInMember('twice@example.test');
      await ageTokens((await memberRow('twice@example.test'))!.id);
      expect((await member.send('POST', `${ACCOUNT}/verification`)).statusCode).toBe(202);
      expect(await emailsTo('twice@example.test')).toHaveLength(2);
    });

    it.each([
      [
        { email: 'weak@example.test', password: 'short', consent: true },
        'password',
        memberMessages.passwordTooShort,
      ],
      [
        { email: 'weak@example.test', password: 'aaaaabbbbbaaaaa', consent: true },
        'password',
        memberMessages.passwordTooSimple,
      ],
      [
        { email: 'weak@example.test', password: 'password123', consent: true },
        'password',
        memberMessages.passwordTooSimple,
      ],
      [
        { email: 'weakling@example.test', password: 'my weakling pass', consent: true },
        'password',
        memberMessages.passwordIsEmail,
      ],
      [{ email: 'not an email', password: PASSWORD, consent: true }, 'email', memberMessages.emailInvalid],
    ])('refuses %j with a field error', async (payload, field, message) => {
      const res = await new Member(app).post(ACCOUNT, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_FIELDS', fieldErrors: { [field]: message } });
      expect(await memberRow(payload.email)).toBeUndefined();
    });

    it.each([
      [{ email: 'c@example.test', password: PASSWORD }],
      [{ email: 'c@example.test', password: PASSWORD, consent: false }],
      [{ email: 'c@example.test', password: PASSWORD, consent: true, admin: true }],
      [{ email: 'c@example.test', password: PASSWORD, consent: true, language: 'x'.repeat(40) }],
      [{ email: 'c'.repeat(400), password: PASSWORD, consent: true }],
      [{ email: 'c@example.test', password: 'p'.repeat(5000), consent: true }],
      [[1, 2, 3]],
    ])('answers 400 INVALID_REQUEST for %j', async (payload) => {
      const res = await new Member(app).post(ACCOUNT, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/INVALID_REQUEST|BAD_REQUEST|FST_ERR/);
    });

    it('answers 400 for malformed JSON', async () => {
      const visitor = new Member(app);
      const res = await visitor.request('POST', ACCOUNT, '{"email": "x@', {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
    });

    it('needs the crumb', async () => {
      const res = await app.inject({
        method: 'POST',
        url: ACCOUNT,
        payload: { email: 'x@example.test', password: PASSWORD, consent: true },
      });
      expect(res.statusCode).toBe(403);
    });

    it.each([['A'.repeat(43)], ['short'], ['%%%']])('refuses the verify token %s', async (token) => {
      const res = await new Member(app).post(`${ACCOUNT}/verify`, { token });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('account pages', () => {
    it('shows "Sign in" in the header and the sign-in form, and sends visitors from /account to it', async () => {
      const visitor = new Member(app);
      const login = await visitor.get('/account/login?returnTo=/shop');
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('<a class="site-account-link" href="/account/login">Sign in</a>');
      expect(login.body).toContain('data-account-form="login" data-return-to="/shop"');
      expect(login.body).toMatch(/<label for="login-email">Email<\/label>/);
      const home = await visitor.get('/account');
      expect(home.statusCode).toBe(302);
      expect(home.headers.location).toBe('/account/login');
      expect((await visitor.get('/account/nothing-here')).statusCode).toBe(404);
      expect((await visitor.get('/account/reset?token=abc')).body).toContain('data-token="abc"');
    });

    it('refuses a returnTo that leaves the site', async () => {
      for (const returnTo of ['//evil.test', 'https://evil.test', '/\\evil.test']) {
        const page = await new Member(app).get(`/account/login?returnTo=${encodeURIComponent(returnTo)}`);
        expect(page.body).toContain('data-return-to="/account"');
      }
    });

    it('shows "Account" to a signed-in member, and sends them from the sign-in page to the account', async () => {
      await createMember(database.db, {
        websiteId: 'demo',
        email: 'pages@example.test',
        password: PASSWORD,
        roles: ['customer'],
      });
      const member = await signedInMember('pages@example.test');
      const home = await member.get('/account');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<a class="site-account-link" href="/account">Account</a>');
      expect(home.body).toContain('data-account-page="home"');
      expect((await member.get('/account/login')).headers.location).toBe('/account');
    });

    it('has no header link and refuses sign-up when the site does not offer accounts', async () => {
      const [site] = await database.db.select().from(websites).where(eq(websites.id, 'demo'));
      await database.db
        .update(websites)
        .set({ settings: { ...site!.settings, memberAccounts: { enabled: false } } })
        .where(eq(websites.id, 'demo'));
      try {
        // A direct database write: on PostgreSQL the process learns of it from the commit's notice.
        await expect
          .poll(async () => (await new Member(app).get('/account/create')).body, { timeout: 10_000 })
          .not.toContain('site-account-link');
        const page = await new Member(app).get('/account/create');
        expect(page.body).toContain('does not offer customer accounts');
        const res = await new Member(app).post(ACCOUNT, {
          email: 'closed@example.test',
          password: PASSWORD,
          consent: true,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('ACCOUNTS_DISABLED');
      } finally {
        await database.db.update(websites).set({ settings: site!.settings }).where(eq(websites.id, 'demo'));
      }
    });
  });

  describe('forgotten password', () => {
    const EMAIL = 'forgetful@example.test';
    beforeAll(() =>
      createMember(database.db, { websiteId: 'demo', email: EMAIL, password: PASSWORD, roles: ['customer'] }),
    );

    it('answers an unknown and a known email the same, and mails only the known one', async () => {
      const unknown = await new Member(app).post(`${ACCOUNT}/password/forgot`, {
        email: 'nobody@example.test',
      });
      const known = await new Member(app).post(`${ACCOUNT}/password/forgot`, { email: EMAIL.toUpperCase() });
      expect(unknown.statusCode).toBe(202);
      expect(known.statusCode).toBe(202);
      expect(unknown.json()).toEqual(known.json());
      expect(await emailsTo('nobody@example.test')).toHaveLength(0);
      expect((await emailsTo(EMAIL))[0]!.kind).toBe('password-reset');
    });

    it('resets with the emailed link once, ends every session, and refuses the link again', async () => {
      const member = await signedInMember(EMAIL);
      await ageTokens((await memberRow(EMAIL))!.id);
      await new Member(app).post(`${ACCOUNT}/password/forgot`, { email: EMAIL });
      const token = linkToken((await emailsTo(EMAIL))[0]!.body, '/account/reset');
      const visitor = new Member(app);
      const weak = await visitor.post(`${ACCOUNT}/password/reset`, { token, password: 'short' });
      expect(weak.json().error.fieldErrors.password).toBe(memberMessages.passwordTooShort);
      // A refused password leaves the link usable.
      const ok = await visitor.post(`${ACCOUNT}/password/reset`, { token, password: 'quince harbour 7' });
      expect(ok.json()).toEqual({ passwordReset: true });
      expect((await member.get(ACCOUNT)).statusCode).toBe(401);
      await signedInMember(EMAIL, 'quince harbour 7');
      const reused = await visitor.post(`${ACCOUNT}/password/reset`, { token, password: 'another one 77' });
      expect(reused.statusCode).toBe(410);
      expect(reused.json().error.code).toBe('TOKEN_USED');
    });

    it('refuses an expired link', async () => {
      const id = (await memberRow(EMAIL))!.id;
      await ageTokens(id);
      await new Member(app).post(`${ACCOUNT}/password/forgot`, { email: EMAIL });
      const token = linkToken((await emailsTo(EMAIL))[0]!.body, '/account/reset');
      await database.db
        .update(memberTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(memberTokens.memberId, id));
      const res = await new Member(app).post(`${ACCOUNT}/password/reset`, {
        token,
        password: 'quince harbour 8',
      });
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toMatchObject({ code: 'TOKEN_EXPIRED', message: memberMessages.tokenExpired });
    });

    it('lets only one of two concurrent resets with the same link through', async () => {
      const id = (await memberRow(EMAIL))!.id;
      await ageTokens(id);
      await new Member(app).post(`${ACCOUNT}/password/forgot`, { email: EMAIL });
      const token = linkToken((await emailsTo(EMAIL))[0]!.body, '/account/reset');
      const answers = await Promise.all(
        ['first choice 11', 'second choice 22'].map((password) =>
          new Member(app).post(`${ACCOUNT}/password/reset`, { token, password }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    });
  });

  describe('signed in', () => {
    const EMAIL = 'shopper@example.test';
    let memberId: string;
    beforeAll(async () => {
      memberId = (
        await createMember(database.db, {
          websiteId: 'demo',
          email: EMAIL,
          password: PASSWORD,
          roles: ['customer'],
        })
      ).id;
    });

    it('changes the password with the current one and ends the other sessions only', async () => {
      const here = await signedInMember(EMAIL);
      const elsewhere = await signedInMember(EMAIL);
      const wrong = await here.send('POST', `${ACCOUNT}/password`, {
        currentPassword: 'not it at all',
        newPassword: 'fig lantern 55',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fieldErrors).toEqual({
        currentPassword: memberMessages.wrongCurrentPassword,
      });
      const same = await here.send('POST', `${ACCOUNT}/password`, {
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
      });
      expect(same.json().error.fieldErrors).toEqual({ newPassword: memberMessages.samePassword });
      const ok = await here.send('POST', `${ACCOUNT}/password`, {
        currentPassword: PASSWORD,
        newPassword: 'fig lantern 55',
      });
      expect(ok.json()).toEqual({ passwordChanged: true });
      expect((await here.get(ACCOUNT)).statusCode).toBe(200);
      expect((await elsewhere.get(ACCOUNT)).statusCode).toBe(401);
      expect(
        await database.db.select().from(siteSessions).where(eq(siteSessions.memberId, memberId)),
      ).toHaveLength(1);
      // Put it back for the other tests.
      await here.send('POST', `${ACCOUNT}/password`, {
        currentPassword: 'fig lantern 55',
        newPassword: PASSWORD,
      });
    });

    it('hands the XSRF token back to a same-origin read of the session', async () => {
      const member = await signedInMember(EMAIL);
      expect((await member.get('/api/site-users/account/session')).json()).toEqual({
        xsrfToken: member.xsrf,
      });
      expect((await new Member(app).get('/api/site-users/account/session')).statusCode).toBe(401);
    });

    it('needs the XSRF header for every write', async () => {
      const member = await signedInMember(EMAIL);
      const res = await member.post(`${ACCOUNT}/locale`, { language: 'de' });
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
      expect((await new Member(app).get(ACCOUNT)).statusCode).toBe(401);
    });

    it('stores the language', async () => {
      const member = await signedInMember(EMAIL);
      expect((await member.send('POST', `${ACCOUNT}/locale`, { language: 'de-DE' })).json()).toEqual({
        language: 'de-DE',
      });
      expect((await memberRow(EMAIL))!.locale).toBe('de-DE');
      for (const language of ['', 'german language', 'de_DE', 'x'.repeat(50)]) {
        expect((await member.send('POST', `${ACCOUNT}/locale`, { language })).statusCode).toBe(400);
      }
    });

    it("lists the member's orders and subscriptions with their status links, and cancels a subscription once", async () => {
      const order = (id: string, email: string, plan: Record<string, unknown> | null) => ({
        id,
        websiteId: 'demo',
        cartId: `cart-${id}`,
        email,
        currency: 'USD',
        subtotalCents: 2000,
        taxCents: 0,
        shippingCents: 0,
        discountCents: 0,
        grandTotalCents: 2000,
        paymentProvider: 'test',
        paymentReference: `ref-${id}`,
        accessToken: `secret-${id}`,
        subscriptionPlan: plan,
      });
      await database.db
        .insert(orders)
        .values([
          order('o-one', EMAIL, null),
          order('o-sub', EMAIL, { billingPeriod: 'MONTH', billingInterval: 1 }),
          order('o-other', 'someone.else@example.test', { billingPeriod: 'MONTH' }),
        ]);
      const member = await signedInMember(EMAIL);
      const data = (await member.get(ACCOUNT)).json();
      expect(data.orders.map((o: { id: string }) => o.id).sort()).toEqual(['o-one', 'o-sub']);
      expect(data.orders.find((o: { id: string }) => o.id === 'o-one')).toMatchObject({
        total: '$20.00',
        status: 'paid',
        statusUrl: '/orders/o-one?token=secret-o-one',
      });
      expect(data.subscriptions).toEqual([
        expect.objectContaining({ orderId: 'o-sub', cancelledOn: null, pausedOn: null }),
      ]);

      expect((await member.send('POST', `${ACCOUNT}/subscriptions/o-sub/cancel`)).statusCode).toBe(200);
      expect((await member.get(ACCOUNT)).json().subscriptions[0]).toMatchObject({
        cancelledOn: expect.any(String),
        nextBillingOn: null,
      });
      expect((await member.send('POST', `${ACCOUNT}/subscriptions/o-sub/cancel`)).statusCode).toBe(409);
      expect((await member.send('POST', `${ACCOUNT}/subscriptions/o-other/cancel`)).statusCode).toBe(404);
      expect((await member.send('POST', `${ACCOUNT}/subscriptions/o-one/cancel`)).statusCode).toBe(404);
    });

    it('hides orders from an account whose email is not verified', async () => {
      await new Member(app).post(ACCOUNT, {
        email: 'someone.else@example.test',
        password: PASSWORD,
        consent: true,
      });
      const squatter = await signedInMember('someone.else@example.test');
      const data = (await squatter.get(ACCOUNT)).json();
      expect(data.orders).toEqual([]);
      expect(data.subscriptions).toEqual([]);
      expect((await squatter.send('POST', `${ACCOUNT}/subscriptions/o-other/cancel`)).statusCode).toBe(404);
    });

    it('lists and removes restock sign-ups', async () => {
      await database.db
        .update(variants)
        .set({ qtyInStock: 0 })
        .where(eq(variants.id, 'prod-enamel-mug-mug-1'));
      const member = await signedInMember(EMAIL);
      const ref = { productId: 'prod-enamel-mug', variantId: 'prod-enamel-mug-mug-1' };
      expect((await member.send('POST', `${ACCOUNT}/notifications/restock`, ref)).statusCode).toBe(200);
      expect((await member.get(ACCOUNT)).json().restockSignUps).toEqual([
        expect.objectContaining({ ...ref, productTitle: 'Enamel Camp Mug', notifiedOn: null }),
      ]);
      const query = `productId=${ref.productId}&variantId=${ref.variantId}`;
      expect((await member.send('DELETE', `${ACCOUNT}/notifications/restock?${query}`)).statusCode).toBe(200);
      expect((await member.get(ACCOUNT)).json().restockSignUps).toEqual([]);
      expect((await member.send('DELETE', `${ACCOUNT}/notifications/restock?${query}`)).statusCode).toBe(404);
    });

    it('adds, edits and removes saved addresses, its own only, 20 at most', async () => {
      const member = await signedInMember(EMAIL);
      const address = {
        fullName: 'Ada Shopper',
        line1: '1 Main St',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
      };
      const added = await member.send('POST', `${ACCOUNT}/addresses`, address);
      expect(added.statusCode).toBe(201);
      const id = added.json().id as string;
      expect(
        (await member.send('PUT', `${ACCOUNT}/addresses/${id}`, { ...address, city: 'Shelbyville' })).json()
          .city,
      ).toBe('Shelbyville');
      expect((await member.get(ACCOUNT)).json().addresses).toEqual([
        { id, ...address, city: 'Shelbyville', line2: '', region: '' },
      ]);

      await new Member(app).post(ACCOUNT, {
        email: 'other.addr@example.test',
        password: PASSWORD,
        consent: true,
      });
      const other = await signedInMember('other.addr@example.test');
      expect((await other.send('PUT', `${ACCOUNT}/addresses/${id}`, address)).statusCode).toBe(404);
      expect((await other.send('DELETE', `${ACCOUNT}/addresses/${id}`)).statusCode).toBe(404);
      expect(
        (await member.send('POST', `${ACCOUNT}/addresses`, { ...address, fullName: '' })).statusCode,
      ).toBe(400);
      expect(
        (await member.send('POST', `${ACCOUNT}/addresses`, { ...address, line1: 'x'.repeat(300) }))
          .statusCode,
      ).toBe(400);

      for (let i = 1; i < 20; i++) await member.send('POST', `${ACCOUNT}/addresses`, address);
      const tooMany = await member.send('POST', `${ACCOUNT}/addresses`, address);
      expect(tooMany.statusCode).toBe(409);
      expect((await member.send('DELETE', `${ACCOUNT}/addresses/${id}`)).json()).toEqual({ deleted: true });
      const rows = (await member.get(ACCOUNT)).json().addresses;
      expect(rows).toHaveLength(19);
      expect(
        await database.db
          .select()
          .from(siteMembers)
          .where(and(eq(siteMembers.email, EMAIL))),
      ).toHaveLength(1);
    });
  });
});
