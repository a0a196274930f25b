import { REDIRECTS_API, redirectMessages, type RedirectView } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('redirects on $name', (target) => {
  const demo = demoSiteSuite(target);
  const add = (from: string, to: string, status?: number) =>
    demo.owner.call('POST', REDIRECTS_API.redirects, { from, to, ...(status ? { status } : {}) });
  const list = async () => (await demo.owner.get(REDIRECTS_API.redirects)).json().redirects as RedirectView[];
  const visit = (path: string) => demo.app.inject(path);

  it('adds a rule, tidied, and serves it with 301 keeping the query string', async () => {
    const res = await add(' /old-about/ ', '/about/');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().redirects).toEqual([
      { from: '/old-about', to: '/about', status: 301, createdAt: expect.any(String) },
    ]);
    for (const path of ['/old-about', '/old-about/', '/old-about?utm_source=mail']) {
      const page = await visit(path);
      expect(page.statusCode, path).toBe(301);
    }
    expect((await visit('/old-about?utm_source=mail')).headers.location).toBe('/about?utm_source=mail');
  });

  it('serves a wildcard rule with the rest of the path, temporary when asked', async () => {
    expect((await add('/old-blog/*', '/blog/*', 302)).statusCode).toBe(201);
    const deep = await visit('/old-blog/2024/first-post');
    expect(deep.statusCode).toBe(302);
    expect(deep.headers.location).toBe('/blog/2024/first-post');
    const bare = await visit('/old-blog');
    expect(bare.headers.location).toBe('/blog');
    // Encoded in the Location header, as typed in the address bar.
    expect((await visit('/old-blog/caf%C3%A9')).headers.location).toBe('/blog/caf%C3%A9');
  });

  it('a real page wins over a rule covering it, and a path nothing covers is still 404', async () => {
    // Every missing address home: the home page is a page, so this is no circle.
    expect((await add('/*', '/')).statusCode).toBe(201);
    expect((await visit('/about')).statusCode).toBe(200);
    expect((await visit('/nowhere')).headers.location).toBe('/');
    // Under the shop, the shop's own missing children would go round forever.
    const growing = await demo.owner.call('PUT', REDIRECTS_API.redirects, {
      original: '/*',
      rule: { from: '/*/', to: '/shop/*' },
    });
    expect(growing.json().error.code).toBe('REDIRECT_LOOP');
    await demo.owner.call('POST', REDIRECTS_API.remove, { from: '/*' });
    expect((await visit('/nowhere')).statusCode).toBe(404);
  });

  it('collapses chains into one hop and lists where visitors end up', async () => {
    expect((await add('/a', '/b')).statusCode).toBe(201);
    expect((await add('/b', '/about')).statusCode).toBe(201);
    const res = await visit('/a');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about');
    expect((await list()).find((r) => r.from === '/a')).toMatchObject({ to: '/b', servedTo: '/about' });
  });

  it('refuses a circle, naming it, and keeps the rules as they were', async () => {
    const before = await list();
    const res = await add('/about-us', '/a');
    expect(res.statusCode).toBe(201);
    const loop = await demo.owner.call('PUT', REDIRECTS_API.redirects, {
      original: '/b',
      rule: { from: '/b', to: '/a' },
    });
    expect(loop.statusCode).toBe(409);
    expect(loop.json().error).toMatchObject({
      code: 'REDIRECT_LOOP',
      message: redirectMessages.loop(['/b', '/a', '/b']),
      issues: [{ path: ['to'], message: redirectMessages.loop(['/b', '/a', '/b']) }],
    });
    const growing = await add('/x/*', '/x/y/*');
    expect(growing.statusCode).toBe(409);
    expect(growing.json().error.code).toBe('REDIRECT_LOOP');
    expect((await list()).length).toBe(before.length + 1);
  });

  it('edits and removes; a second rule from the same address or from a page is refused', async () => {
    const edit = await demo.owner.call('PUT', REDIRECTS_API.redirects, {
      original: '/about-us',
      rule: { from: '/about-us', to: 'https://elsewhere.example/about', status: 302 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const away = await visit('/about-us');
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('https://elsewhere.example/about');
    expect((await add('/about-us', '/shop')).json().error.message).toBe(redirectMessages.exists('/about-us'));
    const page = await add('/about', '/shop');
    expect(page.statusCode).toBe(409);
    expect(page.json().error.message).toBe(redirectMessages.pageExists('/about'));
    const removed = await demo.owner.call('POST', REDIRECTS_API.remove, { from: '/about-us' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().redirects.some((r: RedirectView) => r.from === '/about-us')).toBe(false);
    expect((await visit('/about-us')).statusCode).toBe(404);
    const gone = await demo.owner.call('POST', REDIRECTS_API.remove, { from: '/about-us' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(redirectMessages.notFound);
    const missing = await demo.owner.call('PUT', REDIRECTS_API.redirects, {
      original: '/never',
      rule: { from: '/never', to: '/shop' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses hostile input with a clear 400, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ from: '/a\u0000b', to: '/shop' }, ''],
      [{ from: '/a\uD800', to: '/shop' }, ''],
      [{ from: '/a b', to: '/shop' }, redirectMessages.characters],
      [{ from: `/${'x'.repeat(5000)}`, to: '/shop' }, ''],
      [{ from: '/ok', to: 'javascript:alert(1)' }, redirectMessages.toInvalid],
      [{ from: '/ok', to: '//evil.example' }, redirectMessages.toInvalid],
      [{ from: 'https://elsewhere.example/x', to: '/shop' }, redirectMessages.fromNotPath],
      [{ from: '/ok', to: '/shop', status: 307 }, redirectMessages.status],
      [{ from: ['/ok'], to: '/shop' }, ''],
      [{ from: '/ok/*', to: '/ok/*/x' }, redirectMessages.wildcard],
      [['not', 'an', 'object'], ''],
    ];
    for (const [body, message] of cases) {
      const res = await demo.owner.call('POST', REDIRECTS_API.redirects, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message) expect(res.json().error.message).toBe(message);
    }
  });

  it('lets a viewer read the list but not change it', async () => {
    expect((await demo.viewer.get(REDIRECTS_API.redirects)).statusCode).toBe(200);
    const res = await demo.viewer.call('POST', REDIRECTS_API.redirects, { from: '/v', to: '/shop' });
    expect(res.statusCode).toBe(403);
  });

  it('two owners adding the two halves of a circle at once: one is refused', async () => {
    const [one, two] = await Promise.all([add('/p', '/q'), add('/q', '/p')]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
  });
});
