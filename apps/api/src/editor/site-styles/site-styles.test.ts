import { EDITOR_API, FONTS, messages, SITE_STYLES_API, type VersionedSiteStyles } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('site styles API on $name', (target) => {
  const demo = demoSiteSuite(target);

  const current = async () => (await demo.owner.get(SITE_STYLES_API.styles)).json() as VersionedSiteStyles;

  it('starts with the theme defaults and lists the font kit', async () => {
    expect(await current()).toEqual({ styles: {}, version: 0 });
    const kit = (await demo.viewer.get(SITE_STYLES_API.fonts)).json();
    expect(kit.fonts.map((f: { id: string }) => f.id)).toEqual(FONTS.map((f) => f.id));
  });

  it('saves fonts and colours; the live page applies them through custom properties at once', async () => {
    const before = await demo.app.inject('/');
    expect(before.body).not.toContain('--site-font-heading');
    const res = await demo.owner.call('PUT', SITE_STYLES_API.styles, {
      version: 0,
      styles: {
        headingFont: 'playfair-display',
        accent: '#C01C28',
        text: { hue: 30, saturation: 0.2, lightness: 0.1, alpha: 1 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      version: 1,
      styles: {
        headingFont: 'playfair-display',
        accent: '#c01c28',
        text: { hue: 30, saturation: 0.2, lightness: 0.1, alpha: 1 },
      },
    });
    const page = (await demo.app.inject('/')).body;
    expect(page).toContain('--site-font-heading:"Playfair Display", Georgia');
    expect(page).toContain('--site-color-accent:#c01c28');
    expect(page).toContain('--site-color-text:hsl(30, 20%, 10%)');
    expect(page).toContain('src:url(/assets/fonts/playfair-display/700.woff2) format("woff2")');
    // The editor's preview kit carries the same styles.
    expect((await demo.owner.get(EDITOR_API.site)).json().siteStyles).toMatchObject({
      headingFont: 'playfair-display',
    });
  });

  it('serves kit font files from this server, and nothing else under the fonts path', async () => {
    const font = await demo.app.inject('/assets/fonts/playfair-display/700.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    for (const path of [
      '/assets/fonts/playfair-display/300.woff2',
      '/assets/fonts/serif/400.woff2',
      '/assets/fonts/..%2Fpackage.json/400.woff2',
      '/assets/fonts/inter/400.woff',
    ])
      expect((await demo.app.inject(path)).statusCode, path).toBe(404);
    // Pages may load fonts from this origin only.
    expect((await demo.app.inject('/')).headers['content-security-policy']).toContain(
      "font-src 'self' data:;",
    );
  });

  it('refuses a save over a newer version (409) and keeps the newer styles', async () => {
    const res = await demo.owner.call('PUT', SITE_STYLES_API.styles, {
      version: 0,
      styles: { accent: '#000' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'STALE_VERSION', message: messages.siteStylesStale });
    expect((await current()).styles.accent).toBe('#c01c28');
  });

  it.each([
    [
      { accent: { hue: 400, saturation: 0.5, lightness: 0.5 } },
      ['styles', 'accent', 'hue'],
      messages.colour.hueOutOfBounds,
    ],
    [
      { accent: { hue: 10, saturation: 0.5, lightness: 0.5, alpha: 1.5 } },
      ['styles', 'accent', 'alpha'],
      messages.colour.alphaOutOfBounds,
    ],
    [{ muted: { hue: 10, lightness: 0.5 } }, ['styles', 'muted'], messages.colour.missingHsl],
    [{ background: '#abcd' }, ['styles', 'background'], messages.colour.invalidHex],
    [{ headingFont: 'comic-sans' }, ['styles', 'headingFont'], messages.unknownFont('comic-sans')],
  ])('refuses %j with the message at its field, writing nothing', async (styles, path, message) => {
    const { version } = await current();
    const res = await demo.owner.call('PUT', SITE_STYLES_API.styles, { version, styles });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({ path, message });
    expect((await current()).version).toBe(version);
  });

  it('refuses hostile and malformed bodies with a 4xx', async () => {
    const { version } = await current();
    for (const body of [
      { version, styles: { accent: 'red;}</style><script>alert(1)</script>' } },
      { version, styles: { extra: 1 } },
      { styles: {} },
      [],
      'x',
    ]) {
      const status = (await demo.owner.call('PUT', SITE_STYLES_API.styles, body)).statusCode;
      expect(status >= 400 && status < 500, `${JSON.stringify(body)} → ${status}`).toBe(true);
    }
    expect((await demo.app.inject('/')).body).not.toContain('<script>alert(1)');
  });

  it('lets viewers read but not write', async () => {
    expect((await demo.viewer.get(SITE_STYLES_API.styles)).statusCode).toBe(200);
    const res = await demo.viewer.call('PUT', SITE_STYLES_API.styles, { version: 1, styles: {} });
    expect(res.statusCode).toBe(403);
    expect((await demo.app.inject(SITE_STYLES_API.styles)).statusCode).toBe(401);
  });
});
