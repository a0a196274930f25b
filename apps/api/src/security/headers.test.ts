import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe.each(targets)('security headers on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each([
    '/',
    '/shop/p/linen-shirt',
    '/api/commerce/shopping-cart',
    '/api/health',
    '/no-such-page',
    '/config',
  ])('%s carries the helmet headers and the policy', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = directives(String(res.headers['content-security-policy']));
    // This origin, the captcha provider's script under its /recaptcha/ paths only, and Stripe.js.
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://js.stripe.com',
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'blob:',
        'https://www.google.com/recaptcha/',
        'https://recaptcha.google.com/recaptcha/',
      ]),
    );
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('a refused request carries them too', async () => {
    const res = await app.inject('/api/commerce/inventory/stock/?itemId=%00');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('storefront pages hold no inline script the policy would block: only JSON data blocks and bundles', async () => {
    for (const url of ['/', '/shop', '/shop/p/monogrammed-wallet', '/cart', '/contact', '/checkout']) {
      const html = (await app.inject(url)).body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        // Data blocks (page context, JSON-LD) are never run, so the policy has nothing to block.
        const isData = /type="application\/(ld\+)?json"/.test(attrs!);
        const isBundle = /\bsrc="\/assets\//.test(attrs!) && body!.trim() === '';
        expect(isData || isBundle, `${url}: <script${attrs}>`).toBe(true);
      }
      // No inline event handlers either (script-src-attr 'none').
      expect(html, url).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
    }
  });
});
