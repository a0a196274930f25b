import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROBOTS_ADDITIONS_MAX_CHARS, robotsAdditionsSchema, robotsMessages, robotsTxt } from './seo-api';

const parse = (additions: string) => robotsAdditionsSchema.safeParse({ additions });
const messagesOf = (additions: string) => {
  const parsed = parse(additions);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('robots.txt additions', () => {
  it.each([
    ['', ''],
    ['Disallow: /drafts/', 'Disallow: /drafts/'],
    ['disallow:/drafts/', 'Disallow: /drafts/'],
    ['  ALLOW :  /drafts/public  ', 'Allow: /drafts/public'],
    ['Disallow:', 'Disallow: '],
    ['Disallow: /*.pdf$', 'Disallow: /*.pdf$'],
    ['# keep out the print views\nDisallow: /print', '# keep out the print views\nDisallow: /print'],
    ['User-agent: GPTBot\nDisallow: /', 'User-agent: GPTBot\nDisallow: /'],
    ['user-agent: *\ncrawl-delay: 10', 'User-agent: *\nCrawl-delay: 10'],
    ['Sitemap: https://example.com/more.xml', 'Sitemap: https://example.com/more.xml'],
    ['\r\n\r\nDisallow: /a\r\n\r\n', 'Disallow: /a'],
  ])('takes %j as %j', (typed, stored) => {
    const parsed = parse(typed);
    expect(parsed.success && parsed.data.additions).toBe(stored);
  });

  it.each([
    ['Noindex: /a', robotsMessages.notALine(1)],
    ['Disallow /a', robotsMessages.notALine(1)],
    ['<script>alert(1)</script>', robotsMessages.notALine(1)],
    ['Disallow: /a\nHost: example.com', robotsMessages.notALine(2)],
    ['Disallow: drafts', robotsMessages.badPath(1)],
    ['Disallow: /a b', robotsMessages.badPath(1)],
    ['Allow: https://evil.example/', robotsMessages.badPath(1)],
    ['User-agent:', robotsMessages.badAgent(1)],
    ['User-agent: <b>', robotsMessages.badAgent(1)],
    ['Crawl-delay: soon', robotsMessages.badDelay(1)],
    ['Sitemap: /sitemap.xml', robotsMessages.badSitemap(1)],
    ['Sitemap: javascript:alert(1)', robotsMessages.badSitemap(1)],
    ['Disallow: /a'.padEnd(ROBOTS_ADDITIONS_MAX_CHARS + 1, 'a'), robotsMessages.tooLong],
    [Array.from({ length: 201 }, () => 'Disallow: /a').join('\n'), robotsMessages.tooLong],
  ])('refuses %j: %s', (typed, message) => {
    expect(messagesOf(typed)).toContain(message);
  });

  it('refuses a NUL byte and a lone surrogate, and anything but a string', () => {
    expect(parse('Disallow: /a\u0000').success).toBe(false);
    expect(parse('Disallow: /\ud800').success).toBe(false);
    for (const additions of [5, null, ['Disallow: /'], { x: 1 }])
      expect(robotsAdditionsSchema.safeParse({ additions }).success).toBe(false);
  });

  it('whatever is typed, what is taken has only robots lines and never breaks out of its line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (typed) => {
        const parsed = parse(typed);
        if (!parsed.success) return;
        for (const line of parsed.data.additions.split('\n'))
          expect(line).toMatch(/^(|#.*|(User-agent|Allow|Disallow|Crawl-delay|Sitemap): .*)$/);
      }),
    );
  });
});

describe('robotsTxt', () => {
  it('without additions: the platform rules for every crawler, then the sitemap', () => {
    expect(robotsTxt('https://harbour.example')).toBe(
      [
        'User-agent: *',
        'Disallow: /config',
        'Disallow: /api/',
        'Disallow: /checkout',
        'Disallow: /account',
        'Disallow: /commerce/',
        'Disallow: /search',
        '',
        'Sitemap: https://harbour.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('lets crawlers into the cart but keeps them out of search results', () => {
    const disallowed = robotsTxt('https://h.example')
      .split('\n')
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice('Disallow: '.length));
    // A robots path matches by prefix: no rule may cover /cart.
    expect(disallowed.filter((path) => '/cart'.startsWith(path))).toEqual([]);
    expect(disallowed).toContain('/search');
  });

  it('lines before a User-agent join the rules for every crawler; later groups follow them', () => {
    const txt = robotsTxt(
      'https://h.example',
      'Disallow: /drafts/\n\n# bots\nUser-agent: GPTBot\nDisallow: /',
    );
    expect(txt).toContain(
      'Disallow: /search\nDisallow: /drafts/\n# bots\n\nUser-agent: GPTBot\nDisallow: /\n\n',
    );
    expect(txt.endsWith('Sitemap: https://h.example/sitemap.xml\n')).toBe(true);
  });
});
