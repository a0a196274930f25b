import { COOKIE_CONSENT_API, cookieConsentMessages, siteProfileMessages } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { websites } from '../db/schema';

const pageContext = (html: string) =>
  JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as {
    cookieSettings: Record<string, boolean>;
  };

describe.each(await databaseTargets())('the cookie banner setting on $name', (target) => {
  const site = demoSiteSuite(target);

  const settings = async () =>
    (await site.database.db.select().from(websites).where(eq(websites.id, 'demo')))[0]!.settings;
  const cookieSettingsOn = async (path: string) =>
    pageContext((await new Shopper(site.app).get(path)).body).cookieSettings;

  it('starts off, and each mode reaches the page context of every page', async () => {
    expect((await site.owner.call('GET', COOKIE_CONSENT_API)).json()).toEqual({
      mode: 'off',
      where: 'everywhere',
    });
    for (const [mode, banner, restrictive] of [
      ['opt-in', true, true],
      ['notice', true, false],
      ['off', false, false],
    ] as const) {
      const res = await site.owner.call('PUT', COOKIE_CONSENT_API, { mode });
      expect(res.statusCode, res.body).toBe(200);
      expect((await site.owner.call('GET', COOKIE_CONSENT_API)).json()).toEqual({
        mode,
        where: 'everywhere',
      });
      for (const path of ['/', '/shop'])
        expect(await cookieSettingsOn(path)).toEqual({
          isCookieBannerEnabled: banner,
          isRestrictiveCookiePolicyEnabled: restrictive,
        });
    }
  });

  it('keeps the site’s other settings', async () => {
    const before = await settings();
    await site.owner.call('PUT', COOKIE_CONSENT_API, { mode: 'notice' });
    const after = await settings();
    expect({ ...after, cookieSettings: undefined }).toEqual({ ...before, cookieSettings: undefined });
  });

  it('is the owner’s or an admin’s: signed out 401, a viewer 403, nothing stored', async () => {
    const before = await settings();
    expect((await new Shopper(site.app).get(COOKIE_CONSENT_API)).statusCode).toBe(401);
    const res = await site.viewer.call('PUT', COOKIE_CONSENT_API, { mode: 'off' });
    expect(res.statusCode).toBe(403);
    // The role table's guard names the right the viewer lacks: changing the site settings.
    expect(res.json().error.message).toBe(siteProfileMessages.adminOnly);
    const read = await site.viewer.call('GET', COOKIE_CONSENT_API);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe(siteProfileMessages.adminOnly);
    expect(await settings()).toEqual(before);
  });

  const NOT_TEXT = 'text must not contain NUL characters or unpaired UTF-16 surrogates';
  it.each<[string, unknown, string]>([
    ['an unknown mode', { mode: 'always' }, cookieConsentMessages.modeInvalid],
    ['a number', { mode: 2 }, cookieConsentMessages.modeInvalid],
    ['a NUL byte', { mode: 'opt-in\u0000' }, NOT_TEXT],
    ['a lone surrogate', { mode: '\uD800' }, NOT_TEXT],
    ['no mode', {}, cookieConsentMessages.modeInvalid],
    ['an array', [{ mode: 'off' }], ''],
    ['an extra field', { mode: 'off', region: 'EU' }, 'region'],
    ['an unknown region choice', { mode: 'opt-in', where: 'EU' }, cookieConsentMessages.whereInvalid],
  ])('answers 400 to %s and stores nothing', async (_label, body, message) => {
    const before = await settings();
    const res = await site.owner.call('PUT', COOKIE_CONSENT_API, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await settings()).toEqual(before);
  });

  const VIDEO = '/studio/videos/how-to-rewax-a-bag';
  const visit = (path: string, country?: string) =>
    new Shopper(site.app).request('GET', path, undefined, country ? { 'cf-ipcountry': country } : {});

  it('opt-in limited to the EU, EEA, UK and Switzerland asks visitors there and those not placed', async () => {
    const saved = await site.owner.call('PUT', COOKIE_CONSENT_API, {
      mode: 'opt-in',
      where: 'consent-region',
    });
    expect(saved.json()).toEqual({ mode: 'opt-in', where: 'consent-region' });
    expect((await site.owner.call('GET', COOKIE_CONSENT_API)).json()).toEqual({
      mode: 'opt-in',
      where: 'consent-region',
    });
    // Each region class is its own cached answer: asking from the US first must not leak to Germany.
    for (const [country, asked] of [
      ['US', false],
      ['DE', true],
      ['US', false],
      ['GB', true],
      [undefined, true],
      ['XX', true],
      ['BR', false],
    ] as const) {
      const res = await visit('/', country);
      expect(pageContext(res.body).cookieSettings, String(country)).toEqual({
        isCookieBannerEnabled: true,
        isRestrictiveCookiePolicyEnabled: asked,
      });
    }
  });

  it('under opt-in, third-party players wait behind a placeholder; otherwise they load as before', async () => {
    await site.owner.call('PUT', COOKIE_CONSENT_API, { mode: 'opt-in', where: 'consent-region' });
    const held = (await visit(VIDEO, 'FR')).body;
    const placeholder = /<div class="consent-embed"[\s\S]*?<\/div>/.exec(held)?.[0] ?? '';
    expect(placeholder).toContain('This content comes from www.youtube-nocookie.com');
    expect(placeholder).toContain(
      '<template><iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"',
    );
    expect(placeholder).toContain('href="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
    // No live frame is left outside the inert template.
    expect(held.replace(/<template>[\s\S]*?<\/template>/g, '')).not.toContain('<iframe');
    // A visitor outside the region is not asked: the player is on the page.
    const open = (await visit(VIDEO, 'US')).body;
    expect(open).not.toContain('consent-embed');
    expect(open).toContain('<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
    await site.owner.call('PUT', COOKIE_CONSENT_API, { mode: 'notice' });
    expect((await visit(VIDEO, 'FR')).body).not.toContain('consent-embed');
  });
});
