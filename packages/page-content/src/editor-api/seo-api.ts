import { z } from 'zod';
import { text } from '../text';
import { pageSeoSchema } from './pages-api';

/**
 * Search engine settings of products and blog posts (issue 28); a page's are `pageSeoSchema`, and
 * a collection is a page. A product's are saved by their own call, like its tags, so the product
 * form's save keeps its one schema; a post's travel with the post.
 */
export const PRODUCT_SEO_ROUTE = '/api/editor/store/products/:id/seo';
export const productSeoPath = (productId: string) =>
  PRODUCT_SEO_ROUTE.replace(':id', encodeURIComponent(productId));

/** Search engines show about 160 characters of a description; more is allowed but cut in results. */
export const SEO_DESCRIPTION_MAX = 500;

/**
 * A product's or blog post's search settings: a page's, plus its own description, since an item's
 * summary (excerpt) is written for the shop or the blog list, not for search results.
 * An empty description falls back to the summary.
 */
export const itemSeoSchema = pageSeoSchema.extend({
  description: text(SEO_DESCRIPTION_MAX)
    .transform((v) => v.trim())
    .default(''),
});
export type ItemSeo = z.output<typeof itemSeoSchema>;

/** An item's stored settings, or the defaults when never set or stored before a rule tightened. */
export function readItemSeo(stored: unknown): ItemSeo {
  const parsed = itemSeoSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : itemSeoSchema.parse({});
}

/** GET/PUT: the owner's lines added to the site's /robots.txt (owner only). */
export const ROBOTS_API = '/api/editor/site/robots';

/** Far more than any site's own rules need; robots.txt readers stop at 500 KiB. */
export const ROBOTS_ADDITIONS_MAX_CHARS = 5000;
export const ROBOTS_ADDITIONS_MAX_LINES = 200;

export const robotsMessages = {
  tooLong: `Keep the additions to ${ROBOTS_ADDITIONS_MAX_CHARS} characters and ${ROBOTS_ADDITIONS_MAX_LINES} lines.`,
  notALine: (n: number) =>
    `Line ${n} is not a robots.txt line: start it with User-agent:, Allow:, Disallow:, Crawl-delay: or Sitemap:, or with # for a note.`,
  badAgent: (n: number) => `Line ${n}: name a crawler after User-agent: (such as Googlebot), or * for all.`,
  badPath: (n: number) =>
    `Line ${n}: Allow and Disallow take a path of this site starting with / (such as /drafts/), or nothing.`,
  badDelay: (n: number) => `Line ${n}: Crawl-delay takes a number of seconds, such as 10.`,
  badSitemap: (n: number) => `Line ${n}: Sitemap takes a full address, such as https://example.com/more.xml.`,
} as const;

const ROBOTS_FIELDS = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  'crawl-delay': 'Crawl-delay',
  sitemap: 'Sitemap',
} as const;

/**
 * One owner line as robots.txt should carry it (the field's usual spelling, one space after the
 * colon), or the message saying what is wrong with it. `n` counts from 1, as the owner sees lines.
 */
export function robotsLine(line: string, n: number): { line: string } | { message: string } {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return { line: trimmed };
  const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(trimmed);
  const field = match && ROBOTS_FIELDS[match[1]!.toLowerCase() as keyof typeof ROBOTS_FIELDS];
  if (!match || !field) return { message: robotsMessages.notALine(n) };
  const value = match[2]!;
  const ok =
    field === 'User-agent'
      ? /^[A-Za-z0-9*_.\-/ ]{1,100}$/.test(value) && value.trim() !== ''
      : field === 'Crawl-delay'
        ? /^\d{1,5}(\.\d{1,3})?$/.test(value)
        : field === 'Sitemap'
          ? /^https?:\/\/[^\s/]+\/?\S*$/.test(value)
          : value === '' || /^[/*][^\s#]*$/.test(value);
  if (!ok)
    return {
      message:
        field === 'User-agent'
          ? robotsMessages.badAgent(n)
          : field === 'Crawl-delay'
            ? robotsMessages.badDelay(n)
            : field === 'Sitemap'
              ? robotsMessages.badSitemap(n)
              : robotsMessages.badPath(n),
    };
  return { line: `${field}: ${value}` };
}

/** The owner's additions, each line checked and tidied; blank lines at either end dropped. */
export const robotsAdditionsSchema = z.object({
  additions: text(ROBOTS_ADDITIONS_MAX_CHARS * 2)
    .transform((v) => v.replace(/\r\n?/g, '\n'))
    .superRefine((v, ctx) => {
      const lines = v.split('\n');
      if (v.length > ROBOTS_ADDITIONS_MAX_CHARS || lines.length > ROBOTS_ADDITIONS_MAX_LINES) {
        ctx.addIssue({ code: 'custom', message: robotsMessages.tooLong });
        return;
      }
      lines.forEach((line, i) => {
        const checked = robotsLine(line, i + 1);
        if ('message' in checked) ctx.addIssue({ code: 'custom', message: checked.message });
      });
    })
    .transform((v) =>
      v
        .split('\n')
        .map((line, i) => {
          const checked = robotsLine(line, i + 1);
          return 'line' in checked ? checked.line : line;
        })
        .join('\n')
        .replace(/^\n+|\n+$/g, ''),
    ),
});
export type RobotsAdditions = z.output<typeof robotsAdditionsSchema>;

/**
 * The owner's additions as kept in the site's settings (`robotsAdditions`), checked again when
 * read: additions saved before a rule tightened are not served unchecked, but dropped.
 */
export function storedRobotsAdditions(settings: Record<string, unknown> | undefined): string {
  const parsed = robotsAdditionsSchema.safeParse({ additions: settings?.robotsAdditions ?? '' });
  return parsed.success ? parsed.data.additions : '';
}

/**
 * The site's robots.txt: the platform's rules for every crawler, then the owner's additions, then
 * the sitemap. Owner lines before their first User-agent join the rules for every crawler (a blank
 * line there would end that group, so those are dropped); from it on they are groups of their own.
 */
export function robotsTxt(origin: string, additions = ''): string {
  const lines = additions === '' ? [] : additions.split('\n');
  const firstAgent = lines.findIndex((l) => /^user-agent:/i.test(l));
  const forEveryone = (firstAgent === -1 ? lines : lines.slice(0, firstAgent)).filter((l) => l !== '');
  const groups = firstAgent === -1 ? [] : lines.slice(firstAgent);
  return [
    'User-agent: *',
    // The editor, the API, checkout and the shopper's account are no search result. The cart stays
    // open: a crawler sees an empty cart, it is in no sitemap and names itself as its canonical, and
    // a disallowed page fails Lighthouse's is-crawlable audit (SEO 100 on the cart is a theme goal).
    // Search results stay out: endless crawlable query pages are thin content search engines discourage.
    'Disallow: /config',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /account',
    'Disallow: /commerce/',
    'Disallow: /search',
    ...forEveryone,
    '',
    ...(groups.length ? [...groups, ''] : []),
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
