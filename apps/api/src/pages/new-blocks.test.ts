import { EDITOR_API, SITE_THEME_IDS, type PageDetail } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();

/** A page with every block type added for restaurants and announcements, and the variants. */
const document = {
  sections: [
    {
      id: 's1',
      blocks: [
        { id: 'menu', type: 'menu', settings: {} },
        // Far ahead, read in the demo site's zone (America/New_York): 17:00 UTC.
        { id: 'soon', type: 'countdown', settings: { endsAt: '2099-06-01T13:00' } },
        { id: 'past', type: 'countdown', settings: { endsAt: '2001-01-01T00:00', endedMessage: 'Now open' } },
        { id: 'gone', type: 'countdown', settings: { endsAt: '2001-01-01T00:00', afterEnd: 'hide' } },
        { id: 'marquee', type: 'marquee', settings: { text: 'Oysters every Friday' } },
        { id: 'plans', type: 'pricing-plan', settings: {} },
        { id: 'pull', type: 'quote', settings: { text: 'Best bread in town', variant: 'pull' } },
        { id: 'faq', type: 'accordion', settings: { variant: 'boxes' } },
        {
          id: 'book',
          type: 'reservation',
          settings: { formId: 'form-contact', note: 'Groups over 8: call us' },
        },
      ],
    },
  ],
};

describe.each(targets)('new block types on a published page on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let path = '';

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const page = (await owner.call('POST', EDITOR_API.pages, { title: 'Tonight' })).json() as PageDetail;
    const saved = await owner.call('PUT', EDITOR_API.draft(page.id), { version: page.version, document });
    expect(saved.statusCode).toBe(200);
    const published = await owner.call('POST', EDITOR_API.publish(page.id), {
      version: (saved.json() as PageDetail).version,
    });
    expect(published.statusCode).toBe(200);
    path = (published.json() as PageDetail).path;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(SITE_THEME_IDS)('renders every new block in the %s theme', async (theme) => {
    const res = await owner.get(`${path}?theme-preview=${theme}`);
    expect(res.statusCode, res.body.slice(0, 3000)).toBe(200);
    const html = res.body;
    // The block styles come merged into the theme's one stylesheet.
    expect(html).toContain(`<link rel="stylesheet" href="/assets/site-styles/${theme}.`);
    expect(html).toContain('<h3 class="menu-section__title">Starters</h3>');
    expect(html).toContain('<span class="menu-item__price">Market price</span>');
    expect(html).toContain('data-ends-at="2099-06-01T17:00:00.000Z"');
    expect(html).toContain('<p class="countdown-block__ended">Now open</p>');
    expect(html).toContain('data-after-end="hide" hidden>');
    expect(html).toContain('<span class="marquee-block__text">Oysters every Friday</span>');
    expect(html).toContain('pricing-plan pricing-plan--highlighted');
    expect(html).toContain('data-block-variant="1001"');
    expect(html).toContain('accordion-block accordion-block--boxes');
    // The booking form carries the markers the storefront's forms flow submits it by.
    expect(html).toMatch(
      /class="reservation-block site-form-block" data-site-form-block><h2 class="reservation-block__title">Book a table<\/h2>.*<form class="site-form" data-site-form data-form-id="form-contact"/,
    );
    expect(html).toContain('<p class="reservation-block__note">Groups over 8: call us</p>');
    expect(html).not.toContain('Unknown block type');
  });

  it('refuses a menu over its limits with the catalogue’s message, keeping the saved page', async () => {
    const page = (await owner.call('POST', EDITOR_API.pages, { title: 'Too long' })).json() as PageDetail;
    const sections = Array.from({ length: 21 }, () => ({}));
    const res = await owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document: { sections: [{ id: 's', blocks: [{ id: 'm', type: 'menu', settings: { sections } }] }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A menu can hold at most 20 sections.');
  });
});
