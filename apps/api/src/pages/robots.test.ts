import { robotsMessages, ROBOTS_API } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

/** The owner's additions to /robots.txt (issue 28): saved in Settings, served at once, refused when not robots lines. */
describe.each(await databaseTargets())('robots.txt owner additions on $name', (target) => {
  const demo = demoSiteSuite(target);
  const robots = async () => (await new Shopper(demo.app).get('/robots.txt')).body;
  const put = (additions: unknown) => demo.owner.call('PUT', ROBOTS_API, { additions });

  it('starts empty; the added lines show in /robots.txt and go when removed', async () => {
    expect((await demo.owner.get(ROBOTS_API)).json()).toEqual({ additions: '' });
    const before = await robots();
    expect(before).not.toContain('/drafts/');

    const res = await put('disallow: /drafts/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /\r\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ additions: 'Disallow: /drafts/\n\nUser-agent: GPTBot\nDisallow: /' });
    expect((await demo.owner.get(ROBOTS_API)).json().additions).toBe(
      'Disallow: /drafts/\n\nUser-agent: GPTBot\nDisallow: /',
    );
    const after = await robots();
    // The first line joins the rules for every crawler; the GPTBot group follows; the sitemap stays last.
    expect(after).toMatch(
      /^User-agent: \*\n(Disallow: [^\n]+\n)+Disallow: \/drafts\/\n\nUser-agent: GPTBot\nDisallow: \/\n\nSitemap: http:\/\/[^/]+\/sitemap\.xml\n$/,
    );
    expect(after).toContain('Disallow: /config');

    expect((await put('')).statusCode).toBe(200);
    expect(await robots()).toBe(before);
  });

  it.each<[string, unknown, string | undefined]>([
    ['a line that is no robots line', 'Disallow: /a\nNoindex: /b', robotsMessages.notALine(2)],
    ['a path without its slash', 'Disallow: drafts', robotsMessages.badPath(1)],
    ['markup', '<script>alert(1)</script>', robotsMessages.notALine(1)],
    ['too much', 'Disallow: /a\n'.repeat(300), robotsMessages.tooLong],
    ['a NUL byte', 'Disallow: /a\u0000', undefined],
    ['a lone surrogate', 'Disallow: /\ud800', undefined],
    ['a number', 5, undefined],
    ['an object', { lines: [] }, undefined],
  ])('refuses %s with 400, its message, and keeps what was saved', async (_label, additions, message) => {
    await put('Disallow: /kept/');
    const res = await put(additions);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.body).toContain(message);
    expect((await demo.owner.get(ROBOTS_API)).json()).toEqual({ additions: 'Disallow: /kept/' });
    expect(await robots()).toContain('Disallow: /kept/');
  });

  it('is the owner’s: a viewer can neither read nor change it', async () => {
    expect((await demo.viewer.get(ROBOTS_API)).statusCode).toBe(403);
    expect((await demo.viewer.call('PUT', ROBOTS_API, { additions: 'Disallow: /' })).statusCode).toBe(403);
    expect(await robots()).not.toMatch(/^Disallow: \/$/m);
  });
});
