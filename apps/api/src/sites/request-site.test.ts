import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { siteDomains, websites } from '../db/schema';
import { normaliseHost, registerSiteResolution } from './request-site';

const targets = await databaseTargets();

describe('normaliseHost', () => {
  it.each([
    ['Shop.Sites.Test', 'shop.sites.test'],
    ['shop.sites.test:8080', 'shop.sites.test'],
    ['shop.sites.test.', 'shop.sites.test'],
    ['[::1]:3000', '[::1]'],
    ['127.0.0.1:80', '127.0.0.1'],
  ])('%s → %s', (host, expected) => expect(normaliseHost(host)).toBe(expected));
});

describe.each(targets)('request.site from the Host header on $name', (target) => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  const appWith = async (options: { baseDomain?: string; trustProxy?: string }) => {
    const app = Fastify({ trustProxy: options.trustProxy ?? false });
    registerSiteResolution(app, {
      db: database.db,
      defaultWebsiteId: 'default-site',
      baseDomain: options.baseDomain,
    });
    app.get('/whoami', (request) => request.site);
    await app.ready();
    apps.push(app);
    return app;
  };
  const siteAt = async (app: FastifyInstance, host: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/whoami', headers: { host, ...headers } });
    return res.statusCode === 200 ? (res.json() as { websiteId: string }).websiteId : res.statusCode;
  };

  beforeAll(async () => {
    database = await target.open();
    await database.db.insert(websites).values([
      { id: 'default-site', title: 'Default' },
      { id: 'site-a', title: 'A', slug: 'alpha' },
      { id: 'site-b', title: 'B', slug: 'beta' },
    ]);
    await database.db.insert(siteDomains).values([
      { host: 'alpha.sites.test', websiteId: 'site-a', kind: 'default' },
      { host: 'beta.sites.test', websiteId: 'site-b', kind: 'default' },
      { host: 'www.beta-shop.example', websiteId: 'site-b', kind: 'custom' },
    ]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await database?.close();
  });

  it('serves each site on its default and custom domains, and the configured site on localhost', async () => {
    const app = await appWith({ baseDomain: 'sites.test' });
    expect(await siteAt(app, 'alpha.sites.test')).toBe('site-a');
    expect(await siteAt(app, 'BETA.sites.test:443')).toBe('site-b');
    expect(await siteAt(app, 'www.beta-shop.example')).toBe('site-b');
    expect(await siteAt(app, 'localhost')).toBe('default-site');
    expect(await siteAt(app, '127.0.0.1:3000')).toBe('default-site');
    expect(await siteAt(app, 'sites.test')).toBe('default-site');
  });

  it('answers 404 for a host no site has when a base domain is set, before any route', async () => {
    const app = await appWith({ baseDomain: 'sites.test' });
    const res = await app.inject({ method: 'GET', url: '/whoami', headers: { host: 'gamma.sites.test' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'SITE_NOT_FOUND', message: 'There is no site at this address.' },
    });
    expect(await siteAt(app, 'elsewhere.example')).toBe(404);
    const unrouted = await app.inject({
      method: 'POST',
      url: '/nothing-here',
      headers: { host: 'gamma.sites.test' },
    });
    expect(unrouted.json().error.code).toBe('SITE_NOT_FOUND');
  });

  it('serves the configured site on unknown hosts when no base domain is set (one site per deployment)', async () => {
    const app = await appWith({});
    expect(await siteAt(app, 'anything.example')).toBe('default-site');
    expect(await siteAt(app, 'beta.sites.test')).toBe('site-b');
  });

  it('believes X-Forwarded-Host only from a trusted proxy', async () => {
    const untrusting = await appWith({ baseDomain: 'sites.test' });
    expect(await siteAt(untrusting, 'alpha.sites.test', { 'x-forwarded-host': 'beta.sites.test' })).toBe(
      'site-a',
    );
    const trusting = await appWith({ baseDomain: 'sites.test', trustProxy: '127.0.0.1' });
    expect(await siteAt(trusting, 'alpha.sites.test', { 'x-forwarded-host': 'beta.sites.test' })).toBe(
      'site-b',
    );
  });

  it('finds a domain added after the first miss at once', async () => {
    const app = await appWith({ baseDomain: 'sites.test' });
    expect(await siteAt(app, 'late.sites.test')).toBe(404);
    await database.db
      .insert(siteDomains)
      .values({ host: 'late.sites.test', websiteId: 'site-a', kind: 'default' });
    expect(await siteAt(app, 'late.sites.test')).toBe('site-a');
  });
});
