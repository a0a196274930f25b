import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { sitemapFile } from './feeds';

const locs = (body: string) => [...body.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/p${i + 1}` }));

describe('sitemapFile', () => {
  it.each([
    // URLs, limit, parts listed by the index (0: one plain list)
    [0, 3, 0],
    [3, 3, 0],
    [4, 3, 2],
    [7, 3, 3],
    [9, 3, 3],
  ])('%i URLs with at most %i per list: %i parts', (n, limit, parts) => {
    const main = sitemapFile('https://x.example', entries(n), limit)!;
    if (parts === 0) {
      expect(main).toContain('<urlset');
      expect(locs(main)).toHaveLength(n);
      expect(sitemapFile('https://x.example', entries(n), limit, 1)).toBeUndefined();
      return;
    }
    expect(main).toContain('<sitemapindex');
    expect(locs(main)).toEqual(Array.from({ length: parts }, (_, i) => `/sitemap-${i + 1}.xml`));
    const all = Array.from({ length: parts }, (_, i) =>
      locs(sitemapFile('https://x.example', entries(n), limit, i + 1)!),
    );
    expect(all.flat()).toEqual(entries(n).map((e) => e.path));
    expect(all.every((part) => part.length <= limit)).toBe(true);
    expect(sitemapFile('https://x.example', entries(n), limit, parts + 1)).toBeUndefined();
    expect(sitemapFile('https://x.example', entries(n), limit, 0)).toBeUndefined();
  });
});

describe.each(await databaseTargets())('sitemap index over the limit on $name', (target) => {
  const demo = demoSiteSuite(target, { sitemapUrlLimit: 2 });
  const get = (url: string) => new Shopper(demo.app).get(url);

  it('splits the demo site into numbered lists that together hold every URL once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index.body);
    expect(parts.length).toBeGreaterThan(1);
    const urls: string[] = [];
    for (const part of parts) {
      const res = await get(part!);
      expect(res.statusCode, part).toBe(200);
      const listed = locs(res.body);
      expect(listed.length).toBeLessThanOrEqual(2);
      urls.push(...(listed as string[]));
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('/about');
    for (const missing of [
      `/sitemap-${parts.length + 1}.xml`,
      '/sitemap-0.xml',
      '/sitemap-x.xml',
      '/sitemap-1.xml.gz',
    ])
      expect((await get(missing)).statusCode, missing).toBe(404);
  });
});
