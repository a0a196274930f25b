import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { websites } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';

const targets = await databaseTargets();

describe.each(targets)('the popup overlay (104) on $name', (target) => {
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

  const setPopup = async (popupOverlay: unknown) => {
    const [row] = await database.db
      .select({ settings: websites.settings })
      .from(websites)
      .where(eq(websites.id, DEMO_WEBSITE_ID));
    await database.db
      .update(websites)
      .set({ settings: { ...row!.settings, popupOverlay } })
      .where(eq(websites.id, DEMO_WEBSITE_ID));
  };

  // A settings change made outside a request reaches this process when PostgreSQL tells it.
  const shopUntil = async (ok: (body: string) => boolean) => {
    for (let i = 0; i < 60; i++) {
      const body = (await app.inject('/shop')).body;
      if (ok(body)) return body;
      await new Promise((r) => setTimeout(r, 50));
    }
    return (await app.inject('/shop')).body;
  };

  it('is absent until the owner turns it on', async () => {
    expect((await app.inject('/shop')).body).not.toContain('id="popup-overlay"');
  });

  it('renders the owner’s popup as a dialog the storefront opens, but not over the cart, checkout or a refusal', async () => {
    await setPopup({
      enabled: true,
      version: 2,
      title: 'Free shipping this week',
      body: 'On every order over $50.',
      action: { label: 'Shop now', href: '/shop' },
      delaySeconds: 3,
    });
    const shop = await shopUntil((b) => b.includes('Free shipping'));
    expect(shop).toContain(
      '<dialog id="popup-overlay" class="popup-overlay" aria-labelledby="popup-overlay-title" data-version="2" data-hide-for-days="7" data-delay-seconds="3">',
    );
    expect(shop).toContain('Free shipping this week');
    expect(shop).toContain('<a class="button" href="/shop" data-popup-action>Shop now</a>');
    for (const path of ['/cart', '/checkout', '/no-such-page'])
      expect((await app.inject(path)).body, path).not.toContain('popup-overlay"');
  });

  it('carries a newsletter sign-up when the owner added one', async () => {
    await setPopup({
      enabled: true,
      version: 5,
      title: 'Ten percent off',
      newsletter: { buttonLabel: 'Get the code', placeholder: 'you@example.com' },
    });
    const shop = await shopUntil((b) => b.includes('Ten percent off'));
    expect(shop).toContain(
      '<form class="popup-overlay__form" data-popup-newsletter data-double-opt-in novalidate>',
    );
    expect(shop).toContain(
      '<input id="popup-overlay-email" type="email" name="email" placeholder="you@example.com" autocomplete="email" aria-describedby="popup-overlay-email-error">',
    );
    expect(shop).toContain('<button class="button" type="submit">Get the code</button>');
    await setPopup({ enabled: true, version: 6, title: 'No sign-up here' });
    expect(await shopUntil((b) => b.includes('No sign-up here'))).not.toContain('data-popup-newsletter');
  });

  it('ignores settings that are not a valid popup (an unsafe link, no title, turned off)', async () => {
    for (const popup of [
      { enabled: true, version: 3, title: 'x', action: { label: 'Go', href: 'javascript:alert(1)' } },
      { enabled: true, version: 3, title: '' },
      { enabled: false, version: 3, title: 'Off' },
      'yes',
    ]) {
      await setPopup({ enabled: true, version: 1, title: 'Valid' });
      expect(await shopUntil((b) => b.includes('Valid</h2>'))).toContain('id="popup-overlay"');
      await setPopup(popup);
      expect(await shopUntil((b) => !b.includes('Valid</h2>'))).not.toContain('id="popup-overlay"');
    }
  });
});
