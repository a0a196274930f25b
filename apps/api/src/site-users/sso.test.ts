import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSO_API, ssoMessages } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sweepSignIns } from './sso';
import type { DatabaseHandle } from '../db/client';
import { siteMembers, siteSessions, ssoProviders, ssoSignIns, websites } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { createMember, findMemberByEmail } from '../security/members';
import { hashSessionToken } from '../security/sessions';
import { databaseTargets } from '../../test/databases';
import { Member } from '../../test/member';
import { Shopper } from '../../test/client';
import { startTestProvider, TEST_CLIENT, walkProvider, type TestProvider } from '../../test/oidc-provider';

const targets = await databaseTargets();
const CALLBACK = `http://localhost${SSO_API.callback}`;
const CUSTOMER = { email: 'regular@demo.test', password: 'regular-customer-1' };

describe.each(targets)('single sign-on (page type 400) on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let strictApp: FastifyInstance;
  let idp: TestProvider;
  let owner: Member;
  let providerId: string;

  const setAccounts = async (enabled: boolean) => {
    const [site] = await database.db.select().from(websites).where(eq(websites.id, 'demo'));
    await database.db
      .update(websites)
      .set({ settings: { ...(site!.settings as object), memberAccounts: { enabled } } })
      .where(eq(websites.id, 'demo'));
  };

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await createMember(database.db, { websiteId: 'demo', ...CUSTOMER, roles: ['customer'] });
    idp = await startTestProvider([CALLBACK]);
    // The provider runs on this machine: development's allowPrivate lets the server reach it.
    // Every visitor here is 127.0.0.1: the start limits have their own app below.
    const unlimited = { max: 10_000, windowMs: 60_000 };
    app = await buildApp({
      database,
      webhookPolicy: { allowPrivate: true },
      ssoStartLimits: { perClient: unlimited, perSite: unlimited },
    });
    strictApp = await buildApp({ database });
    owner = new Member(app);
    expect((await owner.signIn(DEMO_OWNER)).statusCode).toBe(200);
    const res = await owner.send('POST', SSO_API.providers, {
      name: 'Test ID',
      issuer: idp.issuer,
      ...TEST_CLIENT,
    });
    expect(res.statusCode).toBe(201);
    providerId = res.json().providers[0].id;
  });
  afterAll(async () => {
    await app?.close();
    await strictApp?.close();
    await idp?.close();
    await database?.close();
  });
  beforeEach(() => setAccounts(true));

  /** A visitor's whole round trip: start, the provider's redirects, the callback. */
  async function signIn(visitor: Shopper, returnTo = '/shop', provider = providerId) {
    const start = await visitor.get(
      `${SSO_API.start}?provider=${encodeURIComponent(provider)}&returnTo=${encodeURIComponent(returnTo)}`,
    );
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    if (location.startsWith('/account/sso')) return { start, back: undefined, done: start };
    const back = await walkProvider(location, CALLBACK);
    const done = await visitor.get(`${back.pathname}${back.search}`);
    return { start, back, done };
  }
  const screenError = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location), 'http://localhost');
    expect(url.pathname).toBe('/account/sso');
    return url.searchParams.get('error');
  };

  describe('provider settings', () => {
    it('never answers the client secret, only its last four characters, and seals it at rest', async () => {
      const res = await owner.get(SSO_API.providers);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(TEST_CLIENT.clientSecret);
      expect(res.json()).toEqual({
        redirectUrl: CALLBACK,
        providers: [
          {
            id: providerId,
            name: 'Test ID',
            issuer: idp.issuer,
            clientId: TEST_CLIENT.clientId,
            clientSecretEnding: '0042',
            enabled: true,
          },
        ],
      });
      const [row] = await database.db.select().from(ssoProviders).where(eq(ssoProviders.id, providerId));
      expect(row!.clientSecret).not.toContain(TEST_CLIENT.clientSecret);
    });

    it('keeps the stored secret when a change leaves it empty', async () => {
      const res = await owner.send('PUT', SSO_API.provider(providerId), {
        name: 'Test ID',
        issuer: `${idp.issuer}/`,
        clientId: TEST_CLIENT.clientId,
        clientSecret: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().providers[0]).toMatchObject({ issuer: idp.issuer, clientSecretEnding: '0042' });
      idp.signInAs('keeps-secret', { email: 'keeps@demo.test', email_verified: true });
      const { done } = await signIn(new Shopper(app));
      expect(done.headers.location).toBe('/shop');
    });

    it.each([
      ['a viewer', DEMO_VIEWER, 403],
      ['a customer', CUSTOMER, 403],
    ])('refuses %s', async (_who, login, status) => {
      const member = new Member(app);
      await member.signIn(login);
      expect((await member.get(SSO_API.providers)).statusCode).toBe(status);
      const add = await member.send('POST', SSO_API.providers, {
        name: 'X',
        issuer: idp.issuer,
        ...TEST_CLIENT,
      });
      expect(add.statusCode).toBe(status);
    });

    it('refuses a signed-out visitor', async () => {
      expect((await new Shopper(app).get(SSO_API.providers)).statusCode).toBe(401);
    });

    it.each([
      [{ name: '', issuer: 'https://id.example', ...TEST_CLIENT }, ssoMessages.nameRequired],
      [{ name: 'G', issuer: 'not a url', ...TEST_CLIENT }, ssoMessages.issuerInvalid],
      [{ name: 'G', issuer: 'javascript:alert(1)', ...TEST_CLIENT }, ssoMessages.issuerInvalid],
      [{ name: 'G', issuer: 'https://user:pw@id.example', ...TEST_CLIENT }, ssoMessages.issuerInvalid],
      [
        { name: 'G', issuer: 'https://id.example', clientId: ' ', clientSecret: 's' },
        ssoMessages.clientIdRequired,
      ],
      [
        { name: 'G', issuer: 'https://id.example', clientId: 'c', clientSecret: '' },
        ssoMessages.clientSecretRequired,
      ],
      [{ name: 'G\u0000', issuer: 'https://id.example', ...TEST_CLIENT }, undefined],
      [{ name: 'G\uD800', issuer: 'https://id.example', ...TEST_CLIENT }, undefined],
      [{ name: 42, issuer: ['https://id.example'], ...TEST_CLIENT }, undefined],
      [{ name: 'G', issuer: 'https://id.example', clientId: 'c', clientSecret: 'x'.repeat(3000) }, undefined],
    ])('refuses %j with a 400', async (body, message) => {
      const res = await owner.send('POST', SSO_API.providers, body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().error.message).toContain(message);
    });

    it('refuses plain http and private addresses outside development', async () => {
      const strictOwner = new Member(strictApp);
      await strictOwner.signIn(DEMO_OWNER);
      const http = await strictOwner.send('POST', SSO_API.providers, {
        name: 'G',
        issuer: idp.issuer,
        ...TEST_CLIENT,
      });
      expect(http.json().error.message).toBe(ssoMessages.issuerInvalid);
      const test = await strictOwner.send('POST', SSO_API.testConnection, { issuer: 'https://10.0.0.7' });
      expect(test.statusCode).toBe(400);
      expect(test.json().error.message).toBe(ssoMessages.issuerPrivate);
    });

    it('"Test connection" says the provider is ready, or what is wrong', async () => {
      const ok = await owner.send('POST', SSO_API.testConnection, { issuer: idp.issuer });
      expect(ok.json()).toEqual({
        ok: true,
        message: ssoMessages.connectionOk.replace('{issuer}', idp.issuer),
      });

      const notFound = await owner.send('POST', SSO_API.testConnection, {
        issuer: `${idp.issuer}/nothing-here`,
      });
      expect(notFound.json().message).toBe(
        ssoMessages.discoveryNotFound.replace('{issuer}', `${idp.issuer}/nothing-here`),
      );

      const other = idp.issuer.replace('127.0.0.1', 'localhost');
      const mismatch = await owner.send('POST', SSO_API.testConnection, { issuer: other });
      expect(mismatch.json()).toEqual({
        ok: false,
        message: ssoMessages.discoveryIssuerMismatch
          .replace('{issuer}', other)
          .replaceAll('{actual}', idp.issuer),
      });

      const html = createServer((_req, res) => res.end('<html>not settings</html>'));
      await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
      const htmlIssuer = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
      const notJson = await owner.send('POST', SSO_API.testConnection, { issuer: htmlIssuer });
      await new Promise((resolve) => html.close(resolve));
      expect(notJson.json().message).toBe(
        ssoMessages.discoveryInvalid
          .replace('{issuer}', htmlIssuer)
          .replace('{detail}', 'the answer is not JSON'),
      );
      // Nothing listens there any more.
      const down = await owner.send('POST', SSO_API.testConnection, { issuer: htmlIssuer });
      expect(down.json()).toEqual({
        ok: false,
        message: ssoMessages.discoveryUnreachable.replace('{issuer}', htmlIssuer),
      });
    });
  });

  describe('the single sign-on screen (page type 400, slide sso-screen)', () => {
    it("lists the site's providers as sign-in buttons that keep returnTo", async () => {
      const res = await new Shopper(app).get('/account/sso?returnTo=%2Fshop');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<body class="page-type-400">');
      expect(res.body).toContain('Sign in with Test ID');
      expect(res.body).toContain(`href="${SSO_API.start}?provider=${providerId}&amp;returnTo=%2Fshop"`);
      const json = await new Shopper(app).get('/account/sso?format=json');
      expect(json.json().pageType).toBe(400);
    });

    it('says why the last attempt failed, naming the provider; an unknown code says nothing', async () => {
      const res = await new Shopper(app).get(`/account/sso?error=email-unverified&provider=${providerId}`);
      expect(res.body).toContain(
        'Test ID has not confirmed your email address, so we cannot sign you in with it.',
      );
      const odd = await new Shopper(app).get('/account/sso?error=%3Cscript%3E');
      expect(odd.statusCode).toBe(200);
      expect(odd.body).not.toContain('role="alert"');
      expect(odd.body).not.toContain('<script>');
    });

    it('says who is signed in', async () => {
      const member = new Member(app);
      await member.signIn(CUSTOMER);
      const res = await member.get('/account/sso');
      expect(res.body).toContain(`You are signed in as <strong>${CUSTOMER.email}</strong>`);
      expect(res.body).not.toContain('Sign in with Test ID');
    });

    it('is offered on the sign-in page only while the site has a provider', async () => {
      const login = await new Shopper(app).get('/account/login?returnTo=%2Fshop');
      expect(login.body).toContain('href="/account/sso?returnTo=%2Fshop">Other ways to sign in');
      const rows = await database.db.select().from(ssoProviders);
      await database.db.delete(ssoProviders);
      const without = await new Shopper(app).get('/account/login');
      expect(without.body).not.toContain('Other ways to sign in');
      await database.db.insert(ssoProviders).values(rows);
    });
  });

  describe('signing in', () => {
    it('creates a verified member for a new verified email, signs them in and goes back to returnTo', async () => {
      idp.signInAs('new-person', { email: 'New.Person@Example.test', email_verified: true });
      const visitor = new Member(app);
      const { done, start } = await signIn(visitor, '/shop?page=2');
      const stateCookie = start.cookies.find((c) => c.name === 'ssoState');
      expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: SSO_API.callback });
      expect(done.headers.location).toBe('/shop?page=2');
      const member = await findMemberByEmail(database.db, 'demo', 'new.person@example.test');
      expect(member).toMatchObject({ roles: ['customer'] });
      expect(member!.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await visitor.get('/api/site-users/account/session')).statusCode).toBe(200);
      // The pending sign-in is gone with its state and nonce.
      expect(await database.db.select().from(ssoSignIns)).toEqual([]);
    });

    it('signs an existing customer in; an unverified one is verified and its old password stops working', async () => {
      await database.db.insert(siteMembers).values({
        id: 'unverified-1',
        websiteId: 'demo',
        email: 'waiting@demo.test',
        passwordHash: (await findMemberByEmail(database.db, 'demo', CUSTOMER.email))!.passwordHash,
        roles: ['customer'],
      });
      idp.signInAs('waiting', { email: 'waiting@demo.test', email_verified: true });
      const { done } = await signIn(new Shopper(app));
      expect(done.headers.location).toBe('/shop');
      const member = await findMemberByEmail(database.db, 'demo', 'waiting@demo.test');
      expect(member!.emailVerifiedAt).toBeInstanceOf(Date);
      const old = await new Member(app).signIn({ email: 'waiting@demo.test', password: CUSTOMER.password });
      expect(old.statusCode).toBe(401);
    });

    it('keeps returnTo on the site: another host falls back to /account', async () => {
      for (const returnTo of [
        '//evil.example/x',
        'https://evil.example',
        '/\\evil.example',
        'javascript:alert(1)',
      ]) {
        idp.signInAs('returner', { email: 'returner@demo.test', email_verified: true });
        const { done } = await signIn(new Shopper(app), returnTo);
        expect(done.headers.location).toBe('/account');
      }
    });

    it.each([
      ['an unverified email', { email: 'unverified@demo.test', email_verified: false }, 'email-unverified'],
      ['no email claim', {}, 'no-email'],
      ['a team member', { email: DEMO_OWNER.email, email_verified: true }, 'team-member'],
    ])('refuses %s with the screen saying why', async (_what, claims, code) => {
      idp.signInAs(`refused-${code}`, claims);
      const visitor = new Shopper(app);
      const { done } = await signIn(visitor);
      expect(screenError(done)).toBe(code);
      expect(new URL(String(done.headers.location), 'http://x').searchParams.get('provider')).toBe(
        providerId,
      );
      expect(visitor.cookies.has('siteUserSession')).toBe(false);
      expect(await findMemberByEmail(database.db, 'demo', 'unverified@demo.test')).toBeUndefined();
    });

    it('creates no account when the site does not offer accounts', async () => {
      await setAccounts(false);
      idp.signInAs('closed', { email: 'closed@demo.test', email_verified: true });
      expect(screenError((await signIn(new Shopper(app))).done)).toBe('accounts-closed');
      expect(await findMemberByEmail(database.db, 'demo', 'closed@demo.test')).toBeUndefined();
      // An existing customer still gets in.
      idp.signInAs('regular', { email: CUSTOMER.email, email_verified: true });
      expect((await signIn(new Shopper(app))).done.headers.location).toBe('/shop');
    });

    it('says the visitor cancelled when the provider answers access_denied', async () => {
      idp.denyNext();
      expect(screenError((await signIn(new Shopper(app))).done)).toBe('denied');
    });

    it('refuses a state the browser did not start, and a state used once already (nonce replay)', async () => {
      idp.signInAs('replayer', { email: 'replayer@demo.test', email_verified: true });
      const visitor = new Shopper(app);
      const { back, done } = await signIn(visitor);
      expect(done.headers.location).toBe('/shop');
      const callbackPath = `${back!.pathname}${back!.search}`;
      // The same answer again, cookie and all: the state and its nonce were used up.
      const again = await app.inject({
        url: callbackPath,
        headers: { cookie: `ssoState=${back!.searchParams.get('state')}` },
      });
      expect(screenError(again)).toBe('expired');
      // Another browser handed this URL (login CSRF): no state cookie, no sign-in.
      const forged = await new Shopper(app).get(callbackPath);
      expect(screenError(forged)).toBe('expired');
      expect(forged.cookies.some((c) => c.name === 'siteUserSession' && c.value)).toBe(false);
    });

    it("refuses one sign-in's code with another's state (its nonce and PKCE verifier do not match)", async () => {
      idp.signInAs('swapper', { email: 'swapper@demo.test', email_verified: true });
      const visitor = new Shopper(app);
      const first = await visitor.get(`${SSO_API.start}?provider=${providerId}`);
      const firstBack = await walkProvider(String(first.headers.location), CALLBACK);
      const second = await visitor.get(`${SSO_API.start}?provider=${providerId}`);
      const secondState = new URL(String(second.headers.location)).searchParams.get('state')!;
      firstBack.searchParams.set('state', secondState);
      const res = await visitor.get(`${firstBack.pathname}${firstBack.search}`);
      expect(screenError(res)).toBe('failed');
      expect(await findMemberByEmail(database.db, 'demo', 'swapper@demo.test')).toBeUndefined();
    });

    it('refuses a state that expired', async () => {
      idp.signInAs('late', { email: 'late@demo.test', email_verified: true });
      const visitor = new Shopper(app);
      const start = await visitor.get(`${SSO_API.start}?provider=${providerId}`);
      const back = await walkProvider(String(start.headers.location), CALLBACK);
      await database.db.update(ssoSignIns).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(screenError(await visitor.get(`${back.pathname}${back.search}`))).toBe('expired');
    });

    it('says the provider is down when it does not answer, and that a removed provider is gone', async () => {
      const down = await startTestProvider([CALLBACK]);
      const add = await owner.send('POST', SSO_API.providers, {
        name: 'Down',
        issuer: down.issuer,
        ...TEST_CLIENT,
      });
      const downId = add.json().providers.find((p: { name: string }) => p.name === 'Down').id;
      await down.close();
      const { done } = await signIn(new Shopper(app), '/shop', downId);
      expect(screenError(done)).toBe('provider-down');
      expect((await owner.send('DELETE', SSO_API.provider(downId))).statusCode).toBe(200);
      expect(screenError((await signIn(new Shopper(app), '/shop', downId)).done)).toBe('unknown-provider');
    });

    // Broken text is refused at the edge for every route (400 INVALID_TEXT); the rest reach the screen.
    it.each([
      ['a NUL provider', () => `${SSO_API.start}?provider=%00`, 400],
      ['a huge provider', () => `${SSO_API.start}?provider=${'x'.repeat(5000)}`, 302],
      ['two providers', () => `${SSO_API.start}?provider=a&provider=b`, 302],
      ['a NUL returnTo', () => `${SSO_API.start}?provider=${providerId}&returnTo=/%00`, 400],
      ['a bare callback', () => `${SSO_API.callback}`, 302],
      ['NUL state and code', () => `${SSO_API.callback}?state=%00&code=%00`, 400],
      ['two states', () => `${SSO_API.callback}?state=a&state=b`, 302],
      ['a huge state', () => `${SSO_API.callback}?state=${'s'.repeat(600)}`, 302],
      ['an error without state', () => `${SSO_API.callback}?error=access_denied`, 302],
      ['a forged state', () => `${SSO_API.callback}?state=forged&code=abc`, 302],
    ])('answers %s with the screen or a clear 400, never a 5xx', async (_what, url, status) => {
      const res = await app.inject({ url: url(), headers: { cookie: 'ssoState=forged' } });
      expect(res.statusCode).toBe(status);
      if (status === 400) expect(res.json().error.code).toBe('INVALID_TEXT');
      else expect(['expired', 'unknown-provider']).toContain(screenError(res));
      expect(res.cookies.some((c) => c.name === 'siteUserSession' && c.value)).toBe(false);
    });

    it('replaces the session the browser had', async () => {
      const visitor = new Member(app);
      await visitor.signIn(CUSTOMER);
      const before = visitor.cookies.get('siteUserSession');
      idp.signInAs('switcher', { email: 'switcher@demo.test', email_verified: true });
      await signIn(visitor);
      expect(visitor.cookies.get('siteUserSession')).not.toBe(before);
      const left = await database.db
        .select()
        .from(siteSessions)
        .where(eq(siteSessions.id, hashSessionToken(before!)));
      expect(left).toEqual([]);
    });
  });
  describe('turning a provider off and on', () => {
    it('hides its button and refuses sign-ins through it while off, keeping its settings', async () => {
      const off = await owner.send('PUT', SSO_API.providerEnabled(providerId), { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().providers[0]).toMatchObject({
        id: providerId,
        enabled: false,
        clientSecretEnding: '0042',
      });
      try {
        const screen = await new Shopper(app).get('/account/sso');
        expect(screen.body).not.toContain('Sign in with Test ID');
        const login = await new Shopper(app).get('/account/login');
        expect(login.body).not.toContain('Other ways to sign in');
        expect(screenError((await signIn(new Shopper(app))).done)).toBe('unknown-provider');
      } finally {
        expect(
          (await owner.send('PUT', SSO_API.providerEnabled(providerId), { enabled: true })).statusCode,
        ).toBe(200);
      }
      idp.signInAs('back-on', { email: 'back-on@demo.test', email_verified: true });
      expect((await signIn(new Shopper(app))).done.headers.location).toBe('/shop');
    });

    it.each([[{ enabled: 'yes' }], [{}], [[true]]])('refuses %j with a 400', async (body) => {
      const res = await owner.send('PUT', SSO_API.providerEnabled(providerId), body);
      expect(res.statusCode).toBe(400);
    });

    it('answers 404 for another site’s or a missing provider, and refuses a viewer', async () => {
      const res = await owner.send('PUT', SSO_API.providerEnabled('nope'), { enabled: false });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(ssoMessages.providerNotFound);
      const viewer = new Member(app);
      await viewer.signIn(DEMO_VIEWER);
      expect(
        (await viewer.send('PUT', SSO_API.providerEnabled(providerId), { enabled: false })).statusCode,
      ).toBe(403);
    });
  });

  describe('discovery cache', () => {
    it('fetches the discovery document once for many sign-ins, and again after the provider is edited', async () => {
      const visitorSignIn = async (sub: string) => {
        idp.signInAs(sub, { email: `${sub}@demo.test`, email_verified: true });
        expect((await signIn(new Shopper(app))).done.headers.location).toBe('/shop');
      };
      await visitorSignIn('cache-warm');
      const before = idp.discoveries;
      await visitorSignIn('cache-1');
      await visitorSignIn('cache-2');
      expect(idp.discoveries).toBe(before);
      const edit = await owner.send('PUT', SSO_API.provider(providerId), {
        name: 'Test ID',
        issuer: idp.issuer,
        clientId: TEST_CLIENT.clientId,
        clientSecret: '',
      });
      expect(edit.statusCode).toBe(200);
      await visitorSignIn('cache-3');
      expect(idp.discoveries).toBe(before + 1);
      await visitorSignIn('cache-4');
      expect(idp.discoveries).toBe(before + 1);
    });
  });

  describe('limits on starting a sign-in', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildApp({
        database,
        webhookPolicy: { allowPrivate: true },
        ssoStartLimits: { perClient: { max: 3, windowMs: 60_000 }, perSite: { max: 5, windowMs: 60_000 } },
      });
    });
    let limitedId: string;
    beforeAll(async () => {
      // Each app seals secrets under its own key: this one adds the provider it signs in with.
      const limitedOwner = new Member(limited);
      await limitedOwner.signIn(DEMO_OWNER);
      const add = await limitedOwner.send('POST', SSO_API.providers, {
        name: 'Limited',
        issuer: idp.issuer,
        ...TEST_CLIENT,
      });
      limitedId = add.json().providers.find((p: { name: string }) => p.name === 'Limited').id;
    });
    afterAll(async () => {
      await database.db.delete(ssoProviders).where(eq(ssoProviders.id, limitedId));
      await limited?.close();
    });

    const start = (remoteAddress: string) =>
      limited.inject({ url: `${SSO_API.start}?provider=${limitedId}`, remoteAddress });
    const toProvider = (res: { statusCode: number; headers: Record<string, unknown> }) =>
      res.statusCode === 302 ? String(res.headers.location).slice(0, idp.issuer.length) : res.statusCode;

    it('refuses a client past its limit, then the whole site past its own, writing no row for either', async () => {
      await database.db.delete(ssoSignIns);
      for (let i = 0; i < 3; i++) expect(toProvider(await start('203.0.113.1'))).toBe(idp.issuer);
      const refused = await start('203.0.113.1');
      expect(screenError(refused)).toBe('too-many');
      expect(refused.cookies.some((c) => c.name === 'ssoState')).toBe(false);
      // The refused start used none of the site's budget: two more addresses get one each.
      expect(toProvider(await start('203.0.113.2'))).toBe(idp.issuer);
      expect(toProvider(await start('203.0.113.3'))).toBe(idp.issuer);
      expect(screenError(await start('203.0.113.4'))).toBe('too-many');
      expect(await database.db.select().from(ssoSignIns)).toHaveLength(5);
      const screen = await new Shopper(limited).get('/account/sso?error=too-many');
      expect(screen.body).toContain(ssoMessages.tooManySignIns);
    });

    it('deletes sign-ins abandoned at the provider once they expire, and no others', async () => {
      await database.db.delete(ssoSignIns);
      const base = {
        websiteId: 'demo',
        providerId,
        nonce: 'n',
        codeVerifier: 'v',
        returnTo: '/',
      };
      await database.db.insert(ssoSignIns).values([
        { ...base, id: 'abandoned-1', expiresAt: new Date(Date.now() - 60_000) },
        { ...base, id: 'abandoned-2', expiresAt: new Date(Date.now() - 1) },
        { ...base, id: 'pending', expiresAt: new Date(Date.now() + 60_000) },
      ]);
      expect(await sweepSignIns(database.db)).toBe(2);
      expect((await database.db.select({ id: ssoSignIns.id }).from(ssoSignIns)).map((r) => r.id)).toEqual([
        'pending',
      ]);
      await database.db.delete(ssoSignIns);
    });
  });

  describe('addresses the provider resolves to', () => {
    let rebinding: FastifyInstance;
    // What the name server says next: the test hands a public answer to the owner's check, then
    // a private one to the connection, as a rebinding name server would.
    const answers: string[][] = [];
    beforeAll(async () => {
      rebinding = await buildApp({
        database,
        webhookPolicy: { allowPrivate: false, resolve: async () => answers.shift() ?? ['127.0.0.1'] },
      });
    });
    afterAll(() => rebinding?.close());

    it('refuses a provider whose name turns private between the check and the connection', async () => {
      const rebindOwner = new Member(rebinding);
      await rebindOwner.signIn(DEMO_OWNER);
      answers.push(['93.184.216.34']);
      const add = await rebindOwner.send('POST', SSO_API.providers, {
        name: 'Rebind',
        issuer: 'https://rebind.example',
        ...TEST_CLIENT,
      });
      expect(add.statusCode).toBe(201);
      const rebindId = add.json().providers.find((p: { name: string }) => p.name === 'Rebind').id;
      try {
        answers.push(['93.184.216.34'], ['127.0.0.1']);
        const test = await rebindOwner.send('POST', SSO_API.testConnection, {
          issuer: 'https://rebind.example',
        });
        expect(test.statusCode).toBe(200);
        expect(test.json()).toEqual({ ok: false, message: ssoMessages.issuerPrivate });

        answers.push(['93.184.216.34'], ['10.0.0.7']);
        const start = await rebinding.inject({ url: `${SSO_API.start}?provider=${rebindId}` });
        expect(screenError(start)).toBe('provider-down');
        expect(answers).toEqual([]);
      } finally {
        await rebindOwner.send('DELETE', SSO_API.provider(rebindId));
      }
    });
  });
});
