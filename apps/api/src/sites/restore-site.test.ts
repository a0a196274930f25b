import { siteAdminMessages, SITES_API } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { eventually } from '../../test/eventually';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { websites } from '../db/schema';
import { createDiskStorage } from '../files/storage';
import { seedDemoSite } from '../seed/demo-site';
import { createMemoryLoginGuard } from '../security/login-guard';
import { createMember } from '../security/members';
import { purgeRemovedSites } from './purge-sites';
import { removedSiteHost } from './restore-site';

const BASE = 'sites.test';
const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 3600 * 1000;

describe('removedSiteHost', () => {
  it('reads a name, a host or a URL', () => {
    expect(removedSiteHost(' Shop ', BASE)).toBe(`shop.${BASE}`);
    expect(removedSiteHost('https://Shop.Sites.Test:8443/config?x#y', BASE)).toBe(`shop.${BASE}`);
    expect(removedSiteHost('www.example.com.', BASE)).toBe('www.example.com');
    expect(removedSiteHost('shop', undefined)).toBeUndefined();
    expect(removedSiteHost('  ', BASE)).toBeUndefined();
    expect(removedSiteHost('https:///', BASE)).toBeUndefined();
  });
});

describe.each(await databaseTargets())('an owner restores a removed site on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  /** A second process on the same database: it hears of removals through the change feed. */
  let other: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    // Room for the many refused attempts of one email below; `other` keeps the default of five.
    app = await buildApp({
      database,
      writesPerMinute: 0,
      baseDomain: BASE,
      loginGuard: createMemoryLoginGuard({ maxFailures: 100 }),
    });
    other = await buildApp({ database, writesPerMinute: 0, baseDomain: BASE });
    await Promise.all([app.ready(), other.ready()]);
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
    await database?.close();
  });

  async function removedSite(slug: string) {
    const email = `${slug}@example.com`;
    const created = await new Shopper(app).post(SITES_API.sites, {
      email,
      password: PASSWORD,
      title: `Site ${slug}`,
      slug,
    });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json();
    const owner = new EditorClient(app, site.host);
    const handoff = await owner.request('POST', SITES_API.handoff, {
      token: new URL(site.signInUrl).hash.replace(/^#handoff=/, ''),
    });
    owner.xsrf = handoff.json().xsrfToken;
    expect((await owner.call('DELETE', SITES_API.site, { confirmTitle: `Site ${slug}` })).statusCode).toBe(
      200,
    );
    return { ...site, email, credentials: { address: slug, email, password: PASSWORD } };
  }

  const find = (body: unknown) => new Shopper(app).post(SITES_API.removedSite, body);
  const restore = (body: unknown) => new Shopper(app).post(SITES_API.restoreSite, body);

  it('finds the removed site with its days left, restores it, and signs the owner in on its host', async () => {
    const site = await removedSite('comeback');
    for (const address of ['comeback', `COMEBACK.${BASE}`, `https://comeback.${BASE}/config`]) {
      const found = await find({ ...site.credentials, address, email: ' Comeback@Example.com ' });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toMatchObject({ title: 'Site comeback', host: site.host, daysLeft: 30 });
    }
    expect((await new Shopper(app, site.host).get('/')).statusCode).toBe(404);

    const restored = await restore(site.credentials);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ restored: true, host: site.host });
    expect(restored.json().signInUrl).toMatch(
      new RegExp(`^http://comeback\\.${BASE}/config#handoff=[\\w-]{40,}$`),
    );
    // Its hosts route again at once, in this process and the other.
    expect((await new Shopper(app, site.host).get('/')).statusCode).toBe(200);
    expect((await new Shopper(other, site.host).get('/')).statusCode).toBe(200);
    const owner = new EditorClient(app, site.host);
    const handoff = await owner.request('POST', SITES_API.handoff, {
      token: new URL(restored.json().signInUrl).hash.replace(/^#handoff=/, ''),
    });
    expect(handoff.statusCode).toBe(200);
    owner.xsrf = handoff.json().xsrfToken;
    expect((await owner.call('GET', '/api/editor/me')).json()).toMatchObject({
      email: site.email,
      roles: ['owner'],
    });
    // A live site is nothing to restore.
    expect((await restore(site.credentials)).statusCode).toBe(404);
  });

  it('counts the days left down and refuses after 30 days (410), and after the purge (404)', async () => {
    const site = await removedSite('lapsing');
    await database.db
      .update(websites)
      .set({ deletedAt: new Date(Date.now() - 27.5 * DAY_MS) })
      .where(eq(websites.id, site.websiteId));
    expect((await find(site.credentials)).json().daysLeft).toBe(3);
    await database.db
      .update(websites)
      .set({ deletedAt: new Date(Date.now() - 30 * DAY_MS - 1000) })
      .where(eq(websites.id, site.websiteId));
    for (const call of [find, restore]) {
      const expired = await call(site.credentials);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toEqual({
        code: 'RESTORE_EXPIRED',
        message: siteAdminMessages.restoreExpired,
      });
    }
    expect(await purgeRemovedSites(database.db, createDiskStorage(`/tmp/unused-${site.websiteId}`))).toEqual([
      site.websiteId,
    ]);
    const purged = await restore(site.credentials);
    expect(purged.statusCode).toBe(404);
    expect(purged.json().error).toEqual({
      code: 'REMOVED_SITE_NOT_FOUND',
      message: siteAdminMessages.removedSiteNotFound,
    });
  });

  it('answers one 404 for a wrong password, another owner, a non-owner member, an unknown or live address', async () => {
    const site = await removedSite('guarded');
    const stranger = await removedSite('stranger');
    await createMember(database.db, {
      websiteId: site.websiteId,
      email: 'editor@example.com',
      password: PASSWORD,
      roles: ['editor'],
    });
    const attempts = [
      { ...site.credentials, password: 'not the password' },
      // Owner of another removed site, with their own (right) password.
      { ...site.credentials, email: stranger.email },
      { ...site.credentials, email: 'editor@example.com' },
      { ...site.credentials, address: 'no-such-site' },
      { ...site.credentials, address: 'site-00000000000' },
      // The demo site is live (and answers on localhost).
      { ...site.credentials, address: 'localhost' },
    ];
    for (const body of attempts) {
      for (const call of [find, restore]) {
        const res = await call(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(res.json().error.message).toBe(siteAdminMessages.removedSiteNotFound);
      }
    }
    for (const body of [
      {},
      null,
      { ...site.credentials, address: '' },
      { ...site.credentials, address: 'a\u0000b' },
      { ...site.credentials, password: 7 },
    ]) {
      expect((await restore(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await restore({ ...site.credentials, address: ' / ' });
    expect(empty.json().error.fieldErrors).toEqual({ address: siteAdminMessages.restoreAddressMissing });
    // Without the crumb: refused before anything is looked up.
    expect(
      (await app.inject({ method: 'POST', url: SITES_API.restoreSite, payload: site.credentials }))
        .statusCode,
    ).toBe(403);
    // Nothing was restored.
    expect((await new Shopper(app, site.host).get('/')).statusCode).toBe(404);
  });

  it('locks the email after five wrong passwords, even for the right one', async () => {
    const site = await removedSite('locked');
    const call = (url: string, body: unknown) => new Shopper(other).post(url, body);
    for (let i = 0; i < 5; i++)
      expect(
        (await call(SITES_API.removedSite, { ...site.credentials, password: `wrong ${i}` })).statusCode,
      ).toBe(404);
    const locked = await call(SITES_API.restoreSite, site.credentials);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells the other processes at once that a site went, through the change feed', async () => {
    const created = await new Shopper(app).post(SITES_API.sites, {
      email: 'feed@example.com',
      password: PASSWORD,
      title: 'Feed',
      slug: 'feed',
    });
    const site = created.json();
    // The other process has the host in its cache (kept 60 s without the feed).
    expect((await new Shopper(other, site.host).get('/')).statusCode).toBe(200);
    const owner = new EditorClient(app, site.host);
    owner.xsrf = (
      await owner.request('POST', SITES_API.handoff, {
        token: new URL(site.signInUrl).hash.replace(/^#handoff=/, ''),
      })
    ).json().xsrfToken;
    expect((await owner.call('DELETE', SITES_API.site, { confirmTitle: 'Feed' })).statusCode).toBe(200);
    await eventually(
      async () => expect((await new Shopper(other, site.host).get('/')).statusCode).toBe(404),
      5000,
    );
  });
});
