import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectRuleSchema } from '../editor-api/redirects-api';
import {
  applyRedirectRule,
  findRedirectLoop,
  parseRedirectFrom,
  parseRedirectTo,
  redirectMessages,
  redirectTable,
  resolveRedirect,
  type RedirectRule,
} from './redirect-rules';

const rule = (from: string, to: string, status: 301 | 302 = 301): RedirectRule => ({ from, to, status });

describe('old addresses', () => {
  it.each([
    ['/old-page', '/old-page'],
    ['  /old-page/  ', '/old-page'],
    ['/Old//Page///', '/Old/Page'],
    ['/', '/'],
    ['/old-blog/*', '/old-blog/*'],
    ['/old-blog/*/', '/old-blog/*'],
    ['/*', '/*'],
    ['/café', '/café'],
  ])('%j is kept as %j', (input, value) => {
    expect(parseRedirectFrom(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', redirectMessages.fromRequired],
    ['   ', redirectMessages.fromRequired],
    ['old-page', redirectMessages.fromNotPath],
    ['//evil.example/x', redirectMessages.fromNotPath],
    ['https://elsewhere.example/page', redirectMessages.fromNotPath],
    ['/old page', redirectMessages.characters],
    ['/old\u0000page', redirectMessages.characters],
    ['/old\uD800page', redirectMessages.characters],
    ['/a"><script>', redirectMessages.characters],
    ['/a\\b', redirectMessages.characters],
    ['/search?q=1', redirectMessages.query],
    ['/page#top', redirectMessages.query],
    ['/old-*', redirectMessages.wildcard],
    ['/*/x', redirectMessages.wildcard],
    [`/${'a'.repeat(1000)}`, redirectMessages.tooLong],
  ])('%j is refused: %s', (input, message) => {
    expect(parseRedirectFrom(input)).toEqual({ ok: false, message });
  });
});

describe('new addresses', () => {
  it.each([
    ['/new-page/', false, '/new-page'],
    ['https://shop.example', false, 'https://shop.example/'],
    ['HTTPS://Shop.Example/Path', false, 'https://shop.example/Path'],
    ['/blog/*', true, '/blog/*'],
    ['https://new.example/blog/*', true, 'https://new.example/blog/*'],
    ['/blog', true, '/blog'],
  ])('%j (old address a wildcard: %s) is kept as %j', (input, wildcard, value) => {
    expect(parseRedirectTo(input, wildcard)).toEqual({ ok: true, value });
  });

  it.each([
    ['', false, redirectMessages.toRequired],
    ['javascript:alert(1)', false, redirectMessages.toInvalid],
    ['data:text/html,hi', false, redirectMessages.toInvalid],
    ['ftp://files.example/x', false, redirectMessages.toInvalid],
    ['//evil.example', false, redirectMessages.toInvalid],
    ['https://user:pw@evil.example', false, redirectMessages.toInvalid],
    ['new-page', false, redirectMessages.toInvalid],
    ['/blog/*', false, redirectMessages.toWildcard],
    ['/b*log', true, redirectMessages.wildcard],
    ['/x?utm=1', false, redirectMessages.query],
  ])('%j is refused: %s', (input, wildcard, message) => {
    expect(parseRedirectTo(input, wildcard)).toEqual({ ok: false, message });
  });

  it('the schema tidies both, defaults to permanent and refuses a rule to itself', () => {
    expect(redirectRuleSchema.parse({ from: '/a/', to: '/b//' })).toEqual({
      from: '/a',
      to: '/b',
      status: 301,
    });
    const same = redirectRuleSchema.safeParse({ from: '/a/', to: '/a' });
    expect(same.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', redirectMessages.same],
    ]);
    const status = redirectRuleSchema.safeParse({ from: '/a', to: '/b', status: 307 });
    expect(status.error?.issues[0]?.message).toBe(redirectMessages.status);
  });
});

describe('matching', () => {
  it.each([
    // rule, visited path, where it goes (undefined: the rule does not cover the path)
    [rule('/old', '/new'), '/old', '/new'],
    [rule('/old', '/new'), '/old/child', undefined],
    [rule('/old', '/new'), '/older', undefined],
    [rule('/old-blog/*', '/blog/*'), '/old-blog/first-post', '/blog/first-post'],
    [rule('/old-blog/*', '/blog/*'), '/old-blog/2024/first-post', '/blog/2024/first-post'],
    [rule('/old-blog/*', '/blog/*'), '/old-blog', '/blog'],
    [rule('/old-blog/*', '/blog/*'), '/old-blogger', undefined],
    [rule('/old-blog/*', '/blog'), '/old-blog/anything', '/blog'],
    [rule('/old-blog/*', '/*'), '/old-blog/x', '/x'],
    [rule('/old-blog/*', '/*'), '/old-blog', '/'],
    [rule('/*', '/new/*'), '/anything/here', '/new/anything/here'],
    [rule('/*', '/new/*'), '/', '/new'],
    [rule('/shop/*', 'https://store.example/*'), '/shop/p/mug', 'https://store.example/p/mug'],
  ])('%j sends %s to %s', (r, path, expected) => {
    expect(applyRedirectRule(r, path)).toBe(expected);
  });

  it('an exact rule wins over a wildcard, and the longer wildcard over the shorter', () => {
    const table = redirectTable([
      rule('/old/*', '/a/*'),
      rule('/old/deep/*', '/b/*'),
      rule('/old/deep/page', '/c'),
    ]);
    expect(resolveRedirect(table, '/old/deep/page')).toMatchObject({ location: '/c' });
    expect(resolveRedirect(table, '/old/deep/other')).toMatchObject({ location: '/b/other' });
    expect(resolveRedirect(table, '/old/x')).toMatchObject({ location: '/a/x' });
    expect(resolveRedirect(table, '/elsewhere')).toEqual({ kind: 'none' });
  });

  it('collapses chains into one hop, temporary when any step is, and stops at a real page', () => {
    const table = redirectTable([rule('/a', '/b'), rule('/b', '/c', 302), rule('/c', '/d')]);
    expect(resolveRedirect(table, '/a')).toEqual({
      kind: 'redirect',
      location: '/d',
      status: 302,
      chain: ['/a', '/b', '/c', '/d'],
    });
    expect(resolveRedirect(table, '/c')).toMatchObject({ location: '/d', status: 301 });
    expect(resolveRedirect(table, '/a', (p) => p === '/c')).toMatchObject({ location: '/c' });
  });

  it('stops at a web address elsewhere', () => {
    const table = redirectTable([rule('/a', 'https://x.example/'), rule('/b/*', 'https://x.example/*')]);
    expect(resolveRedirect(table, '/a')).toMatchObject({ location: 'https://x.example/' });
    expect(resolveRedirect(table, '/b/c')).toMatchObject({ location: 'https://x.example/c' });
  });
});

describe('circles', () => {
  it.each([
    [[rule('/a', '/b')], rule('/b', '/a'), ['/b', '/a', '/b']],
    [[rule('/a', '/b'), rule('/b', '/c')], rule('/c', '/a'), ['/c', '/a', '/b', '/c']],
    [[], rule('/a/*', '/a/b/*'), undefined],
    [[], rule('/a/*', '/a/b'), ['/a', '/a/b', '/a/b']],
    [[rule('/blog/*', '/news/*')], rule('/news/*', '/blog/*'), ['/news', '/blog', '/news']],
  ])('with %j, adding %j finds the circle %j', (rules, added, circle) => {
    const found = findRedirectLoop([...rules, added], added);
    if (circle) expect(found).toEqual(circle);
    else expect(found).toBeDefined();
  });

  it('names the circle in the message, shortened when long', () => {
    expect(redirectMessages.loop(['/a', '/b', '/a'])).toBe(
      'This redirect would send visitors round in a circle: /a → /b → /a. Change one of these redirects first.',
    );
    expect(redirectMessages.loop(['/1', '/2', '/3', '/4', '/5', '/6', '/7'])).toContain('/5 → …');
  });

  it('ends trips at real pages, as when served', () => {
    const home = (p: string) => p === '/' || p === '/shop';
    expect(findRedirectLoop([rule('/*', '/')], rule('/*', '/'), home)).toBeUndefined();
    expect(findRedirectLoop([rule('/*', '/')], rule('/*', '/'))).toEqual(['/', '/']);
    // Under a page the rule still covers its own target's missing children: /shop/x → /shop/shop/x …
    expect(findRedirectLoop([rule('/*', '/shop/*')], rule('/*', '/shop/*'), home)).toBeDefined();
  });

  it('does not blame a new rule for an older circle it is not part of', () => {
    const old = [rule('/x', '/y'), rule('/y', '/x')];
    expect(findRedirectLoop([...old, rule('/a', '/b')], rule('/a', '/b'))).toBeUndefined();
  });
});

describe('rule sets built by the owner (property)', () => {
  const paths = fc.constantFrom('/', '/a', '/b', '/c', '/d', '/a/x', '/b/x', '/c/y');
  const froms = fc.constantFrom('/a', '/b', '/c', '/d', '/a/x', '/b/x', '/a/*', '/b/*', '/c/*');
  const tos = fc.constantFrom(
    '/',
    '/a',
    '/b',
    '/c',
    '/d',
    '/a/x',
    '/b/*',
    '/c/*',
    '/d/*',
    'https://x.example/',
  );
  const attempt = fc.record({ from: froms, to: tos, status: fc.constantFrom(301 as const, 302 as const) });

  it('adding only what the loop check accepts leaves every trip finite, collapsed and stable', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 25 }), (attempts) => {
        let rules: RedirectRule[] = [];
        for (const a of attempts) {
          const parsed = redirectRuleSchema.safeParse(a);
          if (!parsed.success) continue;
          const next = [...rules.filter((r) => r.from !== parsed.data.from), parsed.data];
          if (findRedirectLoop(next, parsed.data)) {
            // Refused for a reason: following the rules one at a time from its address never ends.
            const table = redirectTable(next);
            const start = parsed.data.from.endsWith('/*')
              ? parsed.data.from.slice(0, -2) || '/'
              : parsed.data.from;
            const trips = [start, `${start === '/' ? '' : start}/any-page`].map((p) =>
              resolveRedirect(table, p),
            );
            const anyLoop = next.some((r) => {
              const s = r.from.endsWith('/*') ? r.from.slice(0, -2) || '/' : r.from;
              return [s, `${s === '/' ? '' : s}/any-page`].some(
                (p) => resolveRedirect(table, p).kind === 'loop',
              );
            });
            expect(anyLoop || trips.some((t) => t.kind === 'loop')).toBe(true);
            continue;
          }
          rules = next;
        }
        const table = redirectTable(rules);
        for (const path of [...rules.map((r) => r.from.replace(/\/\*$/, '') || '/'), '/a/x/z', '/b/q']) {
          const trip = resolveRedirect(table, path);
          expect(trip.kind).not.toBe('loop');
          if (trip.kind !== 'redirect') continue;
          // One hop: where it lands, no rule sends the visitor on (unless it is another site).
          if (!trip.location.startsWith('https://'))
            expect(resolveRedirect(table, trip.location)).toEqual({ kind: 'none' });
          // Each step is a rule's own answer.
          for (let i = 1; i < trip.chain.length; i++) {
            const step = resolveRedirect(table, trip.chain[i - 1]!);
            expect(step.kind === 'redirect' && step.chain[1]).toBe(trip.chain[i]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any path resolves without throwing, in at most the hop limit', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 15 }), paths, (attempts, path) => {
        const rules = attempts.flatMap((a) => {
          const p = redirectRuleSchema.safeParse(a);
          return p.success ? [p.data] : [];
        });
        const trip = resolveRedirect(redirectTable(rules), path);
        if (trip.kind !== 'none') expect(trip.chain.length).toBeLessThanOrEqual(22);
      }),
    );
  });
});
