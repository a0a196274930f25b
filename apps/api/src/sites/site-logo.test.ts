import {
  ACTIVITY_API,
  SITE_PROFILE_API,
  siteProfileMessages,
  type SiteProfileView,
} from '@site/page-content';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const image = sharp({
    create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } },
  });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};
/** The header's home link as the theme drew it. */
const siteTitleLink = (html: string) => /<a class="site-title" href="\/">(.*?)<\/a>/s.exec(html)?.[1];

describe.each(await databaseTargets())('the header logo on $name', (target) => {
  const site = demoSiteSuite(target);
  const upload = async (body: Buffer | string, type = 'image/png') =>
    site.owner.call('PUT', SITE_PROFILE_API.logo, body, { 'content-type': type });
  const home = async () => (await new Shopper(site.app).get('/')).body;

  it('flips the header from the name as text to the uploaded logo, alt text the name, and back', async () => {
    expect(siteTitleLink(await home())).toBe('Fieldnotes Supply Co.');
    expect((await site.owner.get(SITE_PROFILE_API.profile)).json().logoUrl).toBeNull();

    const res = await upload(await picture(2400, 600));
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json() as SiteProfileView;
    expect(logoUrl).toMatch(/^\/site-logo\/[0-9a-f]{16}\.webp$/);
    expect(siteTitleLink(await home())).toBe(
      `<img class="site-logo" src="${logoUrl}" alt="Fieldnotes Supply Co.">`,
    );

    // Served from the files storage, shrunk to fit 1200 × 360 with its proportions and transparency.
    const image = await new Shopper(site.app).get(logoUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 1200, 300, true]);

    // The alt text follows a renamed site.
    const renamed = await site.owner.call('PUT', SITE_PROFILE_API.profile, {
      ...((await site.owner.get(SITE_PROFILE_API.profile)).json() as SiteProfileView),
      iconUrl: undefined,
      logoUrl: undefined,
      title: 'Goods & Co',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(siteTitleLink(await home())).toContain('alt="Goods &amp; Co"');

    // A new logo retires the old address; removing it brings the name back as text.
    const second = (await upload(await picture(300, 300, 'jpeg'), 'image/jpeg')).json() as SiteProfileView;
    expect(second.logoUrl).not.toBe(logoUrl);
    expect((await new Shopper(site.app).get(logoUrl!)).statusCode).toBe(404);
    const removed = await site.owner.call('DELETE', SITE_PROFILE_API.logo);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    expect(siteTitleLink(await home())).toBe('Goods &amp; Co');
    expect((await new Shopper(site.app).get(second.logoUrl!)).statusCode).toBe(404);

    const log = (await site.owner.get(`${ACTIVITY_API.log}?kind=settings-changed`)).json();
    expect(log.entries.slice(0, 3).map((e: { subject: string }) => e.subject)).toEqual([
      'logo removed',
      'logo',
      'site name',
    ]);
  });

  it.each<[string, () => Promise<Buffer | string>, string, number, string | undefined]>([
    ['a picture too short', () => picture(400, 30), 'image/png', 400, siteProfileMessages.logoTooSmall],
    [
      'text called an image',
      async () => Buffer.from('not a picture at all'),
      'image/png',
      400,
      siteProfileMessages.iconNotImage,
    ],
    [
      'a broken PNG',
      async () => (await picture(400, 200)).subarray(0, 60),
      'image/png',
      400,
      siteProfileMessages.iconNotImage,
    ],
    [
      'JSON instead of bytes',
      async () => JSON.stringify({ a: 1 }),
      'application/json',
      415,
      siteProfileMessages.iconNotImage,
    ],
    ['over 5 MB', async () => Buffer.alloc(5 * 1024 * 1024 + 1), 'image/png', 413, undefined],
  ])('refuses %s, keeping the header as it was', async (_, body, type, status, message) => {
    const before = await home();
    const res = await upload(await body(), type);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await home()).toBe(before);
  });

  it('is the owner’s or an admin’s: a viewer gets 403 and the header stays', async () => {
    const before = await home();
    const res = await site.viewer.call('PUT', SITE_PROFILE_API.logo, await picture(400, 200), {
      'content-type': 'image/png',
    });
    expect(res.statusCode).toBe(403);
    expect((await site.viewer.call('DELETE', SITE_PROFILE_API.logo)).statusCode).toBe(403);
    expect(await home()).toBe(before);
    expect((await new Shopper(site.app).get('/site-logo/0123456789abcdef.webp')).statusCode).toBe(404);
    expect((await new Shopper(site.app).get('/site-logo/..%2F..%2Fetc.webp')).statusCode).toBe(404);
  });
});
