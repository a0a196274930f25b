import { EDITOR_API, messages, type PageDetail } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { eventually } from '../../test/eventually';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { siteHeaderFooter, siteNavigation, websites } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();
const doc = (text: string) => ({
  sections: [{ id: 's1', blocks: [{ id: 'b1', type: 'text', settings: { text } }] }],
});

/** Pages built in the editor, as visitors and members see them. */
describe.each(targets)('published pages on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let member: EditorClient;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    [owner, member] = await Promise.all([
      new EditorClient(app).signIn(DEMO_OWNER),
      new EditorClient(app).signIn(DEMO_VIEWER),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const visit = (url: string) => app.inject(url);
  const create = async (body: Record<string, unknown>) =>
    (await owner.call('POST', EDITOR_API.pages, body)).json() as PageDetail;
  const settle = async (page: { id: string; version: number }, changes: Record<string, unknown>) =>
    (
      await owner.call('PATCH', EDITOR_API.page(page.id), { version: page.version, ...changes })
    ).json() as PageDetail;
  const publish = async (page: { id: string; version: number }, text: string) => {
    const saved = (
      await owner.call('PUT', EDITOR_API.draft(page.id), { version: page.version, document: doc(text) })
    ).json();
    return (
      await owner.call('POST', EDITOR_API.publish(page.id), { version: saved.version })
    ).json() as PageDetail;
  };

  it('renders the seeded About page from its blocks inside the layout with header, navigation and footer', async () => {
    const res = await visit('/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="align-left">About the workshop</h1>');
    expect(res.body).toContain('data-block-type="43"');
    expect(res.body).toContain('href="/shop/p/canvas-tote"');
    expect(res.body).toContain('<a class="site-title" href="/">Fieldnotes Supply Co.</a>');
    expect(res.body).toContain('<li class="active"><a href="/about" aria-current="page">About</a>');
    expect(res.body).toContain('<div id="sqs-cart-indicator" data-cart-indicator>');
    expect(res.body).toContain('Goods for people who make things by hand.');
    expect(res.body).toContain(
      '<a href="https://instagram.com/" target="_blank" rel="noopener">Instagram</a>',
    );
    expect(res.body).toContain('© Fieldnotes Supply Co.');
    // The block styles reach the page inside its one stylesheet.
    const [, stylesheet] = /<link rel="stylesheet" href="([^"]+)">/.exec(res.body) ?? [];
    const css = (await visit(stylesheet!)).body;
    expect(css).toContain((await visit('/assets/blocks.css')).body);
  });

  it('shows a new page only once it is published, and later drafts only after the next publish', async () => {
    const page = await create({ title: 'Opening hours' });
    expect((await visit('/opening-hours')).statusCode).toBe(404);
    expect((await visit('/')).body).not.toContain('Opening hours');

    const published = await publish(page, 'Open Saturdays.');
    const res = await visit('/opening-hours');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Open Saturdays.');
    expect((await visit('/')).body).toContain('<a href="/opening-hours">Opening hours</a>');

    await owner.call('PUT', EDITOR_API.draft(page.id), {
      version: published.version,
      document: doc('Closed for good.'),
    });
    const after = await visit('/opening-hours');
    expect(after.body).toContain('Open Saturdays.');
    expect(after.body).not.toContain('Closed for good.');
  });

  it('keeps private pages for signed-in members and shows others the paywall (107) where they can sign up, else a 403 page (106)', async () => {
    const page = await publish(await create({ title: 'Members corner' }), 'Secret handshake.');
    await settle(page, { status: 'private' });
    const visitor = await visit('/members-corner');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.body).toContain('<h1 id="paywall-title">Members corner</h1>');
    expect(visitor.body).toContain(messages.paywall);
    expect(visitor.body).toContain('href="/account/create?returnTo=%2Fmembers-corner"');
    expect(visitor.body).toContain('href="/account/login?returnTo=%2Fmembers-corner"');
    expect(visitor.body).toContain('<meta name="robots" content="noindex">');
    expect(visitor.body).not.toContain('Secret handshake.');
    expect((await visit('/members-corner?format=json')).json().pageType).toBe(107);

    // A site that takes no new members has no way in to offer: access denied.
    const [site] = await database.db.select().from(websites).where(eq(websites.id, 'demo'));
    await database.db
      .update(websites)
      .set({ settings: { ...(site!.settings as object), memberAccounts: { enabled: false } } })
      .where(eq(websites.id, 'demo'));
    try {
      // Changed straight in the database: the page cache hears of it with PostgreSQL's notice.
      await eventually(async () => {
        const denied = await visit('/members-corner');
        expect(denied.statusCode).toBe(403);
        expect(denied.body).toContain(messages.membersOnly);
        expect(denied.body).not.toContain('paywall-title');
        expect((await visit('/members-corner?format=json')).json().pageType).toBe(106);
      }, 5000);
    } finally {
      await database.db.update(websites).set({ settings: site!.settings }).where(eq(websites.id, 'demo'));
    }
    expect((await visit('/')).body).not.toContain('Members corner');

    const signedIn = await member.get('/members-corner');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('Secret handshake.');
    expect((await member.get('/')).body).toContain('Members corner');
  });

  it('hides a scheduled page until its time, and disabled or needs-review pages always', async () => {
    let page = await publish(await create({ title: 'Sale' }), 'Everything half price.');
    page = await settle(page, {
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await visit('/sale')).statusCode).toBe(404);
    page = await settle(page, { publishAt: new Date(Date.now() - 1000).toISOString() });
    expect((await visit('/sale')).statusCode).toBe(200);
    page = await settle(page, { enabled: false });
    expect((await visit('/sale')).statusCode).toBe(404);
    await settle(page, { enabled: true, status: 'needs-review' });
    expect((await visit('/sale')).statusCode).toBe(404);
  });

  it('redirects an old URL to the renamed page with 301, keeping the query string', async () => {
    let page = await publish(await create({ title: 'Our Workshop' }), 'Visit us.');
    page = await settle(page, { path: '/workshop' });
    const res = await visit('/our-workshop?utm_source=mail');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/workshop?utm_source=mail');
    expect((await visit('/workshop')).body).toContain('Visit us.');
    // Renamed again: the first URL goes straight to the newest one.
    await settle(page, { path: '/our-studio' });
    expect((await visit('/our-workshop')).headers.location).toBe('/our-studio');
    expect((await visit('/workshop')).headers.location).toBe('/our-studio');
  });

  it('answers a folder’s URL by its behaviour: index, redirect to its first page, or not found', async () => {
    let folder = await create({ title: 'Guides', kind: 'folder' });
    const first = await publish(
      await create({ title: 'Sharpening', parentId: folder.id }),
      'Use a whetstone.',
    );
    await publish(await create({ title: 'Oiling', parentId: folder.id }), 'Linseed oil.');
    await create({ title: 'Unfinished', parentId: folder.id });

    const index = await visit('/guides');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain(
      '<li><a href="/guides/sharpening">Sharpening</a></li><li><a href="/guides/oiling">Oiling</a></li></ul>',
    );
    expect(index.body).not.toContain('Unfinished');
    const home = (await visit('/')).body;
    expect(home).toContain(
      '<ul class="site-nav__folder"><li><a href="/guides/sharpening">Sharpening</a></li><li><a href="/guides/oiling">Oiling</a></li></ul>',
    );

    folder = await settle(folder, { folderBehavior: 'redirect' });
    const redirect = await visit('/guides');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(first.path);

    await settle(folder, { folderBehavior: 'none' });
    expect((await visit('/guides')).statusCode).toBe(404);
    expect((await visit('/guides/sharpening')).statusCode).toBe(200);
  });

  it('renders the header and footer as saved in the editor', async () => {
    const current = (await owner.get(EDITOR_API.headerFooter)).json();
    await owner.call('PUT', EDITOR_API.headerFooter, {
      version: current.version,
      header: {
        ...current.header,
        logoUrl: '/assets/demo/tote.svg',
        logoAlt: '',
        announcement: 'Free <b>repairs</b>',
        showCartLink: false,
        navigationPlacement: 'left',
      },
      footer: { ...current.footer, showNavigation: false, copyright: '' },
    });
    const res = await visit('/about');
    expect(res.body).toContain(
      '<div class="announcement-bar" role="note">Free &lt;b&gt;repairs&lt;/b&gt;</div>',
    );
    expect(res.body).toContain(
      '<img class="site-logo" src="/assets/demo/tote.svg" alt="Fieldnotes Supply Co.">',
    );
    expect(res.body).toContain('site-header--nav-left');
    expect(res.body).not.toContain('sqs-cart-indicator');
    expect(res.body).not.toContain('Instagram');
    expect(res.body).not.toContain('site-footer__copyright');
  });

  it('keeps a site from before the editor working: menu from the old order, default header and footer', async () => {
    await database.db.delete(siteNavigation).where(eq(siteNavigation.websiteId, 'demo'));
    await database.db.delete(siteHeaderFooter).where(eq(siteHeaderFooter.websiteId, 'demo'));
    const res = await visit('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<a href="/shop">Shop</a>');
    expect(res.body).toContain('<a href="/contact">Contact</a>');
    expect(res.body).toContain('<div id="sqs-cart-indicator" data-cart-indicator>');
    expect(res.body).toContain('© Fieldnotes Supply Co.');
  });
});
