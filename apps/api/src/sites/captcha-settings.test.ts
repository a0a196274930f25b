import { siteAdminMessages, SITES_API } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { websites } from '../db/schema';

const pageContext = (html: string) =>
  JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(html)![1]!);

describe.each(await databaseTargets())("the owner sets the site's captcha key on $name", (target) => {
  const site = demoSiteSuite(target);

  const settings = async () =>
    (await site.database.db.select().from(websites).where(eq(websites.id, 'demo')))[0]!.settings;

  it('refuses signed-out visitors (401) and members who are not the owner (403), reading or writing', async () => {
    const stranger = new Shopper(site.app);
    expect((await stranger.get(SITES_API.captcha)).statusCode).toBe(401);
    expect((await stranger.put(SITES_API.captcha, { siteKey: 'k' })).statusCode).toBe(401);
    const read = await site.viewer.call('GET', SITES_API.captcha);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe(siteAdminMessages.ownerOnly);
    expect((await site.viewer.call('PUT', SITES_API.captcha, { siteKey: 'viewer-key' })).statusCode).toBe(
      403,
    );
    expect(await settings()).not.toHaveProperty('captchaSettings');
  });

  it.each<[string, unknown]>([
    ['a key with spaces inside', { siteKey: 'has a space' }],
    ['a key with markup', { siteKey: '<script>' }],
    ['a key of 101 characters', { siteKey: 'k'.repeat(101) }],
    ['a NUL byte', { siteKey: 'key\u0000' }],
    ['a lone surrogate', { siteKey: 'key\uD800' }],
    ['a number', { siteKey: 42 }],
    ['no key at all', {}],
    ['a list', ['key']],
  ])('answers 400 to %s and stores nothing', async (_label, body) => {
    const res = await site.owner.call('PUT', SITES_API.captcha, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toHaveProperty('message');
    expect(await settings()).not.toHaveProperty('captchaSettings');
  });

  it('names the rule when the key has characters a provider never issues', async () => {
    const res = await site.owner.call('PUT', SITES_API.captcha, { siteKey: 'has a space' });
    expect(JSON.stringify(res.json())).toContain(siteAdminMessages.captchaSiteKeyInvalid);
  });

  it('saves a trimmed key that the pages carry, keeps other settings, answers no secret, and an empty key turns it off', async () => {
    const before = await settings();
    expect((await site.owner.call('GET', SITES_API.captcha)).json()).toEqual({ siteKey: '' });
    const saved = await site.owner.call('PUT', SITES_API.captcha, { siteKey: '  6Lc-Site_Key1  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ siteKey: '6Lc-Site_Key1' });
    expect((await site.owner.call('GET', SITES_API.captcha)).json()).toEqual({ siteKey: '6Lc-Site_Key1' });
    expect(await settings()).toEqual({ ...before, captchaSettings: { siteKey: '6Lc-Site_Key1' } });
    // A page not shown before, so no cached copy is in the way.
    expect(pageContext((await new Shopper(site.app).get('/contact')).body).captchaSettings).toEqual({
      siteKey: '6Lc-Site_Key1',
    });

    // A secret slipped into the stored settings by hand is still never answered.
    await site.database.db
      .update(websites)
      .set({ settings: { ...before, captchaSettings: { siteKey: '6Lc-Site_Key1', secret: 'never-shown' } } })
      .where(eq(websites.id, 'demo'));
    expect((await site.owner.call('GET', SITES_API.captcha)).body).not.toContain('never-shown');

    expect((await site.owner.call('PUT', SITES_API.captcha, { siteKey: '' })).json()).toEqual({
      siteKey: '',
    });
    expect(await settings()).toEqual(before);
    expect((await site.owner.call('GET', SITES_API.captcha)).json()).toEqual({ siteKey: '' });
  });
});
