import { ACCESS_LOCKS_API, messages } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { websites } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { createMemoryLoginGuard } from '../security/login-guard';
import { databaseTargets } from '../../test/databases';
import { Shopper } from '../../test/client';
import { EditorClient } from '../../test/editor';
import { Member } from '../../test/member';
import { unlockCookieName } from './locks';
import { UNLOCK_MAX_AGE_SECONDS, UNLOCK_PATH } from '../pages/unlock-routes';

const targets = await databaseTargets();

/** A visitor who posts the lock screen's form as a browser would (form-encoded, crumb in the body). */
async function postForm(app: FastifyInstance, visitor: Shopper, fields: Record<string, string>) {
  if (!visitor.cookies.has('crumb')) await visitor.get('/api/crumb');
  const res = await app.inject({
    method: 'POST',
    url: UNLOCK_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: new URLSearchParams({ crumb: visitor.cookies.get('crumb')!, ...fields }).toString(),
  });
  for (const c of res.cookies) visitor.cookies.set(c.name, c.value);
  return res;
}

describe.each(targets)('lock screens and member pages on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      loginGuard: createMemoryLoginGuard({ maxFailures: 3 }),
    });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const lock = (pageId: string | null, password: string | null) =>
    owner.call('PUT', ACCESS_LOCKS_API, { pageId, password });

  it('lets only an editing role set a lock, checks the password length and never sends a password back', async () => {
    const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
    expect(
      (await viewer.call('PUT', ACCESS_LOCKS_API, { pageId: null, password: 'letmein' })).statusCode,
    ).toBe(403);
    expect(
      (await new Shopper(app).put(ACCESS_LOCKS_API, { pageId: null, password: 'letmein' })).statusCode,
    ).toBe(401);
    const short = await lock(null, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(messages.lockPasswordLength);
    expect((await lock('no-such-page', 'letmein')).statusCode).toBe(404);
    const set = await lock('page-about', 'hunter22');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ site: false, pageIds: ['page-about'] });
    expect(set.body).not.toContain('hunter22');
    expect((await owner.call('GET', ACCESS_LOCKS_API)).json()).toEqual({
      site: false,
      pageIds: ['page-about'],
    });
  });

  it('shows a protected page as protected content (105, 401, not indexed): its title and menu, a password form, nothing of the page', async () => {
    const visitor = new Shopper(app);
    const res = await visitor.get('/about');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(messages.lockedPage);
    expect(res.body).toContain('<body class="page-type-105">');
    expect(res.body).toMatch(/<h1 id="protected-title">About<\/h1>/);
    expect(res.body).toContain('<a href="/shop">Shop</a>'); // the site's own menu stays
    expect(res.body).toContain('<label for="protected-password">Password</label>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain(`action="${UNLOCK_PATH}"`);
    expect(res.body).not.toContain('small workshop making'); // the About page's blocks
    const json = (await visitor.get('/about?format=json')).json();
    expect(json.pageType).toBe(105);
    expect(JSON.stringify(json)).not.toContain('publishedDocument');
    // The rest of the site is open.
    expect((await visitor.get('/shop')).statusCode).toBe(200);
  });

  it('protected content says when the password is wrong, and unlocks with an HttpOnly cookie scoped to this site and page', async () => {
    const visitor = new Shopper(app);
    const wrong = await postForm(app, visitor, {
      scope: 'page:page-about',
      password: 'nope',
      returnTo: '/about',
    });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/about?lock=wrong');
    const again = await visitor.get('/about?lock=wrong');
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain(messages.lockWrongPassword);
    expect(again.body).toContain('aria-invalid="true"');

    const right = await postForm(app, visitor, {
      scope: 'page:page-about',
      password: 'hunter22',
      returnTo: '/about',
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/about');
    const cookie = right.cookies.find((c) => c.name === unlockCookieName('page:page-about'))!;
    expect(cookie).toMatchObject({
      path: '/about',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: UNLOCK_MAX_AGE_SECONDS,
    });
    // No Domain attribute: the browser keeps it for this site's host alone, never a parent domain.
    expect(cookie.domain).toBeUndefined();
    expect(right.headers['set-cookie']).not.toMatch(/domain=/i);
    const open = await visitor.get('/about');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('small workshop making');
    // Another visitor, asking right after, still meets the lock: the unlocked page was not cached.
    expect((await new Shopper(app).get('/about')).statusCode).toBe(401);
    // A forged cookie opens nothing.
    const forger = new Shopper(app);
    forger.cookies.set(unlockCookieName('page:page-about'), 'x'.repeat(43));
    expect((await forger.get('/about')).statusCode).toBe(401);
  });

  it('answers scripts with 401 and 429, refuses a missing crumb, and never redirects off the site', async () => {
    const script = new Shopper(app);
    const wrong = await script.post(UNLOCK_PATH, { scope: 'page:page-about', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.lockWrongPassword);
    await script.post(UNLOCK_PATH, { scope: 'page:page-about', password: 'nope' });
    await script.post(UNLOCK_PATH, { scope: 'page:page-about', password: 'nope' });
    // Three failures: this address waits, even with the right password.
    const limited = await script.post(UNLOCK_PATH, { scope: 'page:page-about', password: 'hunter22' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(messages.lockTooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const form = await postForm(app, new Shopper(app), {
      scope: 'page:page-about',
      password: 'x',
      returnTo: '/about',
    });
    expect(form.headers.location).toBe('/about?lock=wait');
    expect((await new Shopper(app).get('/about?lock=wait')).body).toContain(messages.lockTooManyAttempts);

    const noCrumb = await app.inject({
      method: 'POST',
      url: UNLOCK_PATH,
      payload: { scope: 'page:page-about', password: 'hunter22' },
    });
    expect(noCrumb.statusCode).toBe(403);
    const offSite = await postForm(app, new Shopper(app), {
      scope: 'page:page-about',
      password: 'hunter22',
      returnTo: '//evil.example/',
    });
    expect(offSite.headers.location === '/' || offSite.headers.location === '/?lock=wait').toBe(true);
    expect((await new Shopper(app).post(UNLOCK_PATH, { scope: 1, password: [] })).statusCode).toBe(400);
  });

  it('protects a collection as protected content: the list and every item under it, until its password opens them all', async () => {
    await lock('page-journal', 'journal-key');
    const visitor = new Shopper(app);
    for (const path of ['/journal', '/journal/caring-for-waxed-canvas']) {
      const res = await visitor.get(path);
      expect(res.statusCode, path).toBe(401);
      expect(res.body, path).toContain('<body class="page-type-105">');
      expect(res.body, path).toMatch(/<h1 id="protected-title">Journal<\/h1>/);
      expect(res.body, path).not.toContain('Caring for waxed canvas');
    }
    const right = await postForm(app, visitor, {
      scope: 'page:page-journal',
      password: 'journal-key',
      returnTo: '/journal/caring-for-waxed-canvas',
    });
    expect(right.headers.location).toBe('/journal/caring-for-waxed-canvas');
    expect(right.cookies.find((c) => c.name === unlockCookieName('page:page-journal'))).toMatchObject({
      path: '/journal',
      httpOnly: true,
    });
    for (const path of ['/journal', '/journal/caring-for-waxed-canvas']) {
      const open = await visitor.get(path);
      expect(open.statusCode, path).toBe(200);
      expect(open.body, path).toContain('Caring for waxed canvas');
    }
    await lock('page-journal', null);
  });

  it('keeps locked pages and their items out of search, with no excerpt, until the visitor unlocks them', async () => {
    const post = '<a href="/journal/caring-for-waxed-canvas">';
    // Found while open (and cached): the lock drops that cached answer.
    expect((await new Shopper(app).get('/search?q=caring')).body).toContain(post);
    await lock('page-journal', 'journal-key');
    const visitor = new Shopper(app);
    const about = await visitor.get('/search?q=durable'); // page-about is still locked
    expect(about.statusCode).toBe(200);
    expect(about.body).not.toContain('<a href="/about">About</a><p>');
    expect(about.body).not.toContain('small workshop');
    const journal = await visitor.get('/search?q=caring');
    expect(journal.body).not.toContain(post);
    expect(journal.body).not.toContain('Caring for waxed canvas');

    await postForm(app, visitor, {
      scope: 'page:page-journal',
      password: 'journal-key',
      returnTo: '/journal',
    });
    expect((await visitor.get('/search?q=caring')).body).toContain(post);
    // Neither another visitor (after the unlocked answer) nor a forged cookie gets it.
    expect((await new Shopper(app).get('/search?q=caring')).body).not.toContain(post);
    const forger = new Shopper(app);
    forger.cookies.set(unlockCookieName('page:page-journal'), 'x'.repeat(43));
    expect((await forger.get('/search?q=caring')).body).not.toContain(post);
    await lock('page-journal', null);
    expect((await new Shopper(app).get('/search?q=caring')).body).toContain(post);
  });

  it('locks the whole site behind one screen that shows no menu, until the visitor unlocks it', async () => {
    expect((await lock('page-about', null)).json()).toEqual({ site: false, pageIds: [] });
    const before = new Shopper(app);
    expect((await before.get('/shop')).statusCode).toBe(200);
    expect((await lock(null, 'open-sesame')).json()).toEqual({ site: true, pageIds: [] });

    const visitor = new Shopper(app);
    for (const path of ['/', '/shop', '/shop/p/canvas-tote', '/journal', '/no-such-page']) {
      const res = await visitor.get(path);
      expect(res.statusCode, path).toBe(401);
      expect(res.body, path).toContain(messages.lockedSite);
      expect(res.body, path).not.toContain('<a href="/shop">Shop</a>');
    }
    // The page cached before the lock is gone with it.
    expect((await before.get('/shop')).statusCode).toBe(401);

    const right = await postForm(app, visitor, {
      scope: 'site',
      password: 'open-sesame',
      returnTo: '/shop?sort=price',
    });
    expect(right.headers.location).toBe('/shop?sort=price');
    expect(right.cookies.find((c) => c.name === unlockCookieName('site'))).toMatchObject({
      path: '/',
      httpOnly: true,
    });
    expect((await visitor.get('/shop')).statusCode).toBe(200);
    expect((await visitor.get('/shop/p/canvas-tote')).statusCode).toBe(200);

    // A new password locks everyone out again.
    await lock(null, 'new-password');
    expect((await visitor.get('/shop')).statusCode).toBe(401);
    await lock(null, null);
    expect((await visitor.get('/shop')).statusCode).toBe(200);
  });

  it('never serves a member page from the cache to a visitor, nor the refusal to a member', async () => {
    const page = await owner.call('POST', '/api/editor/pages', { title: 'Members lounge' });
    expect(page.statusCode).toBe(201);
    const { id, version } = page.json();
    const settled = await owner.call('PATCH', `/api/editor/pages/${id}`, { version, status: 'private' });
    expect(settled.statusCode).toBe(200);
    const member = new Member(app);
    expect((await member.signIn(DEMO_VIEWER)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await member.get('/members-lounge')).statusCode).toBe(200);
      const visitor = await new Shopper(app).get('/members-lounge');
      expect(visitor.statusCode).toBe(403);
      expect(visitor.body).toContain(messages.paywall);
    }
  });

  it('carries the spec’s page context fields, per visitor: account, website roles, cookie settings, currency, beta flags', async () => {
    const member = new Member(app);
    await member.signIn(DEMO_VIEWER);
    const mine = (await member.get('/shop?format=json')).json();
    expect(mine.authenticatedAccount.id).toEqual(expect.any(String));
    expect(mine.websiteRoles).toEqual({
      owner: false,
      admin: false,
      'store-manager': false,
      editor: false,
      viewer: true,
    });
    const theirs = (await new Shopper(app).get('/shop?format=json')).json();
    expect(theirs.authenticatedAccount).toBeUndefined();
    expect(theirs.websiteRoles).toEqual({
      owner: false,
      admin: false,
      'store-manager': false,
      editor: false,
      viewer: false,
    });
    expect(theirs).toMatchObject({
      storeCurrency: 'USD',
      betaFeatureFlags: ['commerce_site_visitor_metrics'],
      censusDisabled: false,
      cookieSettings: { isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: false },
    });
    // The same fields reach the storefront bundle in the page.
    const html = (await member.get('/shop')).body;
    const embedded = JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(html)![1]!);
    expect(embedded.websiteRoles.viewer).toBe(true);
    expect(embedded.authenticatedAccount.id).toBe(mine.authenticatedAccount.id);
  });

  it("carries the site's captcha key (never a secret) once the site has one, and the census switch", async () => {
    const before = JSON.parse(
      /<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(
        (await new Shopper(app).get('/blog')).body,
      )![1]!,
    );
    expect(before.captchaSettings).toBeUndefined();
    const [site] = await database.db.select().from(websites).where(eq(websites.id, 'demo'));
    await database.db
      .update(websites)
      .set({
        settings: {
          ...site!.settings,
          captchaSettings: { siteKey: 'site-key-1', secret: 'never-shown' },
          censusDisabled: true,
        },
      })
      .where(eq(websites.id, 'demo'));
    // A direct database write is told by its commit's notice (on PostgreSQL after the commit):
    // until then the site's snapshot and cached pages are those of before.
    const contextOf = (page: string) =>
      JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(page)![1]!) as unknown;
    await expect
      .poll(async () => contextOf((await new Shopper(app).get('/contact')).body), { timeout: 10_000 })
      .toMatchObject({ captchaSettings: { siteKey: 'site-key-1' }, censusDisabled: true });
    const page = (await new Shopper(app).get('/contact')).body;
    expect(page).not.toContain('never-shown');
    await database.db.update(websites).set({ settings: site!.settings }).where(eq(websites.id, 'demo'));
  });
});
