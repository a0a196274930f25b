import { SITE_PROFILE_API, siteProfileMessages, type SiteProfileInput } from '@site/page-content';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { outgoingEmails, siteIcons, websites } from '../db/schema';
import { queueEmail } from '../mail/queue-email';

const PROFILE: SiteProfileInput = {
  title: 'Demo Goods',
  timeZone: 'America/New_York',
  locale: 'en-US',
  contactEmail: '',
  businessAddress: { street: '', city: '', region: '', postalCode: '', country: '' },
  socialProfiles: [],
};

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const image = sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } },
  });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

describe.each(await databaseTargets())('the site settings on $name', (target) => {
  const site = demoSiteSuite(target);

  const website = async () =>
    (await site.database.db.select().from(websites).where(eq(websites.id, 'demo')))[0]!;
  const save = (changes: Partial<SiteProfileInput>) =>
    site.owner.call('PUT', SITE_PROFILE_API.profile, { ...PROFILE, ...changes });
  const page = async (path: string) => (await new Shopper(site.app).get(path)).body;

  it('is the owner’s or an admin’s: signed-out 401, a viewer 403, nothing stored', async () => {
    const before = await website();
    expect((await new Shopper(site.app).get(SITE_PROFILE_API.profile)).statusCode).toBe(401);
    const read = await site.viewer.call('GET', SITE_PROFILE_API.profile);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe(siteProfileMessages.adminOnly);
    expect(
      (await site.viewer.call('PUT', SITE_PROFILE_API.profile, { ...PROFILE, title: 'Mine' })).statusCode,
    ).toBe(403);
    const icon = await site.viewer.call('PUT', SITE_PROFILE_API.icon, await picture(200, 200), {
      'content-type': 'image/png',
    });
    expect(icon.statusCode).toBe(403);
    expect(await website()).toEqual(before);
  });

  it.each<[string, Partial<Record<keyof SiteProfileInput, unknown>>, string | undefined]>([
    ['an empty name', { title: '   ' }, siteProfileMessages.titleRequired],
    ['a NUL byte in the name', { title: 'Shop\u0000' }, undefined],
    ['a lone surrogate in the name', { title: 'Shop\uD800' }, undefined],
    ['a made-up time zone', { timeZone: 'Mars/Olympus' }, siteProfileMessages.timeZoneInvalid],
    ['a locale not offered', { locale: 'xx-YY' }, siteProfileMessages.localeInvalid],
    ['a contact email without @', { contactEmail: 'hello' }, siteProfileMessages.emailInvalid],
    [
      'a javascript: social link',
      { socialProfiles: ['javascript:alert(1)'] },
      siteProfileMessages.socialInvalid,
    ],
    [
      'a plain-http social link',
      { socialProfiles: ['http://instagram.com/x'] },
      siteProfileMessages.socialInvalid,
    ],
    [
      'eleven social links',
      { socialProfiles: Array(11).fill('https://x.com/a') },
      siteProfileMessages.tooManySocial,
    ],
    ['a number for the name', { title: 42 }, undefined],
    ['an address as a string', { businessAddress: '1 Main St' }, undefined],
  ])('answers 400 to %s and stores nothing', async (_label, change, message) => {
    const before = await website();
    const res = await site.owner.call('PUT', SITE_PROFILE_API.profile, { ...PROFILE, ...change });
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(JSON.stringify(res.json())).toContain(message);
    expect(await website()).toEqual(before);
  });

  it('renames the site: the tab title, the header, the footer that followed the name, emails and the manifest', async () => {
    expect(await page('/')).toContain('<title>');
    const res = await save({ title: '  Harbour   Supply  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('Harbour Supply');
    const home = await page('/');
    expect(home).toMatch(/<title>[^<]*Harbour Supply<\/title>/);
    expect(home).toMatch(/class="site-title"[^>]*>Harbour Supply</);
    expect(home).toContain('© Harbour Supply');
    expect((await page('/journal')).match(/<title>([^<]*)<\/title>/)![1]).toBe('Journal — Harbour Supply');
    const manifest = await new Shopper(site.app).get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ name: 'Harbour Supply', start_url: '/' });
    await queueEmail(site.database.db, 'demo', 'password-reset', 'someone@example.com', {
      resetUrl: 'https://example.com/reset',
      expiresInMinutes: 30,
    });
    const [mail] = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.to, 'someone@example.com'));
    expect(mail!.html).toContain('Harbour Supply');
    // Renamed back: the page follows again (no stale cached copy).
    await save({ title: 'Demo Goods' });
    expect(await page('/')).not.toContain('Harbour Supply');
  });

  it('the header’s title is the site’s title: one sent to Header & footer gives way to Settings › Site', async () => {
    const current = (await site.owner.call('GET', '/api/site-header-footer')).json();
    expect(current.header.siteTitle).toBe('Demo Goods');
    const put = await site.owner.call('PUT', '/api/site-header-footer', {
      header: { ...current.header, siteTitle: 'HS — est. 1990', announcement: 'Open Sundays' },
      footer: current.footer,
      version: current.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    // The rest of the header is saved; its title stays the site's.
    expect(put.json().header).toMatchObject({ siteTitle: 'Demo Goods', announcement: 'Open Sundays' });
    expect(await page('/')).toMatch(/class="site-title"[^>]*>Demo Goods</);
    await save({ title: 'Renamed Again' });
    expect((await site.owner.call('GET', '/api/site-header-footer')).json().header.siteTitle).toBe(
      'Renamed Again',
    );
    const home = await page('/');
    expect(home).toMatch(/class="site-title"[^>]*>Renamed Again</);
    expect(home).toMatch(/<title>[^<]*Renamed Again<\/title>/);
    expect(home).not.toContain('HS — est. 1990');
    expect((await site.owner.call('GET', '/api/editor/site')).json().website.siteTitle).toBe('Renamed Again');
    await save({ title: 'Demo Goods' });
    const after = (await site.owner.call('GET', '/api/site-header-footer')).json();
    await site.owner.call('PUT', '/api/site-header-footer', {
      header: { ...after.header, announcement: current.header.announcement },
      footer: after.footer,
      version: after.version,
    });
  });

  it('the time zone decides the day a post shows (09:00 UTC is the evening before in Honolulu)', async () => {
    const post = '/journal/caring-for-waxed-canvas';
    expect(await page(post)).toMatch(/<time>March\s+2, 2026/);
    await save({ timeZone: 'Pacific/Honolulu' });
    expect((await site.owner.call('GET', SITE_PROFILE_API.profile)).json().timeZone).toBe('Pacific/Honolulu');
    const shown = await page(post);
    expect(shown).toMatch(/<time>March\s+1, 2026/);
    expect(shown).not.toMatch(/<time>March\s+2, 2026/);
    await save({ timeZone: 'America/New_York' });
  });

  it('the locale is the pages’ language and the manifest’s', async () => {
    expect(await page('/')).toContain('<html lang="en-US">');
    await save({ locale: 'en-GB' });
    expect(await page('/')).toContain('<html lang="en-GB">');
    expect((await new Shopper(site.app).get('/manifest.webmanifest')).json().lang).toBe('en-GB');
    await save({ locale: 'en-US' });
  });

  it('the contact email, address and social profiles reach the home page’s JSON-LD and the emails', async () => {
    const before = jsonLd(await page('/')).find((d) => d['@type'] === 'Organization');
    expect(before).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Demo Goods',
      url: expect.any(String),
    });
    const res = await save({
      contactEmail: ' hello@demo.example ',
      businessAddress: {
        street: '12 Quay Street',
        city: 'Portland',
        region: 'ME',
        postalCode: '04101',
        country: 'USA',
      },
      socialProfiles: ['https://instagram.com/demogoods', ' https://www.facebook.com/demogoods '],
    });
    expect(res.statusCode, res.body).toBe(200);
    const org = jsonLd(await page('/')).find((d) => d['@type'] === 'Organization');
    expect(org).toMatchObject({
      email: 'hello@demo.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Quay Street',
        addressLocality: 'Portland',
        addressRegion: 'ME',
        postalCode: '04101',
        addressCountry: 'USA',
      },
      sameAs: ['https://instagram.com/demogoods', 'https://www.facebook.com/demogoods'],
    });
    // Not on other pages: one Organization per site, on its home.
    expect(jsonLd(await page('/journal')).some((d) => d['@type'] === 'Organization')).toBe(false);
    await queueEmail(site.database.db, 'demo', 'password-reset', 'contact@example.com', {
      resetUrl: 'https://example.com/reset',
      expiresInMinutes: 30,
    });
    const [mail] = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.to, 'contact@example.com'));
    expect(mail!.html).toContain('12 Quay Street, 04101 Portland, ME, USA');
    expect(mail!.html).toContain('mailto:hello@demo.example');
    expect(mail!.body).toMatch(
      /-- \nDemo Goods\n12 Quay Street, 04101 Portland, ME, USA\nhello@demo.example\n$/,
    );
    await save({});
    expect(jsonLd(await page('/')).find((d) => d['@type'] === 'Organization')).not.toHaveProperty('email');
  });

  it.each<[string, () => Promise<Buffer>, string, number]>([
    ['a text file', async () => Buffer.from('hello, not a picture'), 'image/png', 400],
    ['a picture too small for a phone', () => picture(100, 100), 'image/png', 400],
    ['a truncated PNG', async () => (await picture(300, 300)).subarray(0, 60), 'image/png', 400],
    ['JSON instead of bytes', async () => Buffer.from('{"a":1}'), 'application/json', 415],
  ])('refuses %s as the icon and keeps the default one', async (_label, body, type, status) => {
    const res = await site.owner.call('PUT', SITE_PROFILE_API.icon, await body(), { 'content-type': type });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    if (status !== 415) expect(res.statusCode).toBe(status);
    expect(await page('/')).toContain('href="/assets/favicon.svg"');
    expect(await site.database.db.select().from(siteIcons)).toEqual([]);
  });

  it('makes every icon size from one upload: the tab and phone icons in the head, the manifest’s, cropped square', async () => {
    const res = await site.owner.call('PUT', SITE_PROFILE_API.icon, await picture(600, 300, 'jpeg'), {
      'content-type': 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { iconUrl } = res.json() as { iconUrl: string };
    expect(iconUrl).toMatch(/^\/site-icon\/[0-9a-f]{16}\/180\.png$/);
    const home = await page('/');
    expect(home).not.toContain('/assets/favicon.svg');
    const tab = /<link rel="icon" href="([^"]+)" sizes="32x32" type="image\/png">/.exec(home)![1]!;
    expect(home).toContain(`<link rel="apple-touch-icon" href="${iconUrl}">`);
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const png = await new Shopper(site.app).get(tab);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toContain('immutable');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    const manifest = (await new Shopper(site.app).get('/manifest.webmanifest')).json();
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const meta = await sharp((await new Shopper(site.app).get(icon.src)).rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    // The organisation's logo is the large icon.
    expect(jsonLd(home).find((d) => d['@type'] === 'Organization').logo).toMatch(/\/512\.png$/);
    // A size nobody asked for, and a stale version, are not found.
    expect((await new Shopper(site.app).get(tab.replace('/32.png', '/33.png'))).statusCode).toBe(404);
    expect((await new Shopper(site.app).get('/site-icon/0123456789abcdef/32.png')).statusCode).toBe(404);

    const removed = await site.owner.call('DELETE', SITE_PROFILE_API.icon);
    expect(removed.json().iconUrl).toBeNull();
    expect(await page('/')).toContain('href="/assets/favicon.svg"');
    expect((await new Shopper(site.app).get(tab)).statusCode).toBe(404);
  });
});
