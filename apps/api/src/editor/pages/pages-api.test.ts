import {
  EDITOR_API,
  LIMITS,
  messages,
  pageDocumentSchema,
  type PageDetail,
  type PageSummary,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { EditorClient } from '../../../test/editor';
import { Shopper } from '../../../test/client';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { pageRevisions, pages } from '../../db/schema';
import { createMember } from '../../security/members';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../../seed/demo-site';

const targets = await databaseTargets();
const EDITOR = { email: 'editor@demo.test', password: 'editor-password-1' };
const CUSTOMER = { email: 'buyer@demo.test', password: 'buyer-password-1' };

const doc = (...texts: string[]) => ({
  sections: [
    { id: 's1', blocks: texts.map((text, i) => ({ id: `b${i}`, type: 'text', settings: { text } })) },
  ],
});

describe.each(targets)('editor pages API on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let editor: EditorClient;
  let viewer: EditorClient;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await createMember(database.db, { websiteId: 'demo', ...EDITOR, roles: ['editor'] });
    await createMember(database.db, { websiteId: 'demo', ...CUSTOMER, roles: ['customer'] });
    app = await buildApp({ database, writesPerMinute: 0 });
    [owner, editor, viewer] = await Promise.all([
      new EditorClient(app).signIn(DEMO_OWNER),
      new EditorClient(app).signIn(EDITOR),
      new EditorClient(app).signIn(DEMO_VIEWER),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const res = await owner.call('POST', EDITOR_API.pages, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PageDetail;
  };
  const pageRow = async (id: string) => (await database.db.select().from(pages).where(eq(pages.id, id)))[0]!;

  describe('who may call', () => {
    it('answers /api/editor/me with the role, canEdit and the session XSRF token', async () => {
      const me = await owner.get(EDITOR_API.me);
      expect(me.json()).toEqual({
        memberId: expect.any(String),
        email: DEMO_OWNER.email,
        roles: ['owner'],
        canEdit: true,
        xsrfToken: owner.xsrf,
      });
      expect((await viewer.get(EDITOR_API.me)).json()).toMatchObject({ roles: ['viewer'], canEdit: false });
    });

    it('refuses every call without a session (401 NOT_SIGNED_IN)', async () => {
      const visitor = new Shopper(app);
      for (const [method, url] of [
        ['GET', EDITOR_API.me],
        ['GET', EDITOR_API.pages],
        ['GET', EDITOR_API.page('page-about')],
        ['GET', EDITOR_API.site],
        ['GET', EDITOR_API.siteLayout],
        ['GET', EDITOR_API.headerFooter],
        ['POST', EDITOR_API.pages],
        ['PATCH', EDITOR_API.page('page-about')],
        ['PUT', EDITOR_API.draft('page-about')],
        ['POST', EDITOR_API.publish('page-about')],
        ['DELETE', `${EDITOR_API.page('page-about')}?version=0`],
        ['POST', EDITOR_API.updateNavigation],
        ['PUT', EDITOR_API.headerFooter],
      ] as const) {
        const res = await visitor.request(
          method,
          url,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ error: { code: 'NOT_SIGNED_IN', message: messages.notSignedIn } });
      }
    });

    it('lets a viewer read but not write (403 FORBIDDEN)', async () => {
      expect((await viewer.get(EDITOR_API.pages)).statusCode).toBe(200);
      expect((await viewer.get(EDITOR_API.page('page-about'))).statusCode).toBe(200);
      const before = await pageRow('page-about');
      const res = await viewer.call('PATCH', EDITOR_API.page('page-about'), {
        version: before.version,
        title: 'Hijacked',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
      expect((await viewer.call('POST', EDITOR_API.pages, { title: 'Nope' })).statusCode).toBe(403);
      expect((await pageRow('page-about')).title).toBe('About');
    });

    it('refuses a customer account even for reads', async () => {
      const customer = await new EditorClient(app).signIn(CUSTOMER);
      expect((await customer.get(EDITOR_API.pages)).statusCode).toBe(403);
    });

    it('refuses a write without the X-SiteUser-XSRF-Token header (403 crumbFail)', async () => {
      const res = await owner.call(
        'POST',
        EDITOR_API.pages,
        { title: 'No token' },
        { 'x-siteuser-xsrf-token': '' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
      const list = (await owner.get(EDITOR_API.pages)).json().pages as { title: string }[];
      expect(list.map((p) => p.title)).not.toContain('No token');
    });

    it('lets the editor role write', async () => {
      const res = await editor.call('POST', EDITOR_API.pages, {
        title: 'By the editor',
        navigation: 'notLinked',
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('pages', () => {
    it('lists every page, system pages included, with kinds and statuses', async () => {
      const list = (await owner.get(EDITOR_API.pages)).json().pages as PageDetail[];
      const byId = new Map(list.map((p) => [p.id, p]));
      expect(byId.get('page-home')).toMatchObject({ kind: 'page', status: 'published', path: '/' });
      expect(byId.get('page-shop')).toMatchObject({ kind: 'collection' });
      expect(byId.get('page-cart')).toMatchObject({ kind: 'system' });
      expect(byId.get('page-about')).toMatchObject({
        hasUnpublishedChanges: false,
        publishedAt: expect.any(String),
      });
    });

    it('creates a draft page at its title’s slug with the title as its first heading, appended to the main navigation', async () => {
      const page = await create({ title: 'Our Workshop' });
      expect(page).toMatchObject({
        path: '/our-workshop',
        status: 'draft',
        kind: 'page',
        published: null,
        version: 0,
      });
      expect(page.draft.sections[0]!.blocks[0]).toMatchObject({
        type: 'heading',
        settings: { text: 'Our Workshop', level: 1 },
      });
      const layout = (await owner.get(EDITOR_API.siteLayout)).json();
      expect(layout[0].links.at(-1)).toMatchObject({
        collectionId: page.id,
        title: 'Our Workshop',
        fullUrl: '/our-workshop',
      });
      // The same title again gets the next free path.
      expect((await create({ title: 'Our Workshop', navigation: 'notLinked' })).path).toBe('/our-workshop-2');
    });

    it.each([
      ['blog', 'blog', 'News'],
      ['store', 'products', 'Second shop'],
      ['events', 'events', 'Classes'],
      ['gallery', 'gallery', 'Pictures'],
      ['album', 'album', 'Our record'],
      ['videos', 'videos', 'Films'],
    ])('creates a %s page as an empty %s collection that visitors can open', async (kind, type, title) => {
      const page = await create({ title, kind, navigation: 'notLinked' });
      expect(page).toMatchObject({
        kind: 'collection',
        collectionType: type,
        path: `/${title.toLowerCase().replace(' ', '-')}`,
      });
      const row = await pageRow(page.id);
      expect(row.templateName).toBe(`${type}-list`);
      const res = await new Shopper(app).request('GET', page.path);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(title);
    });

    it('moves a title that would take a reserved URL off it, and refuses a reserved or taken path', async () => {
      expect((await create({ title: 'Cart', navigation: 'notLinked' })).path).toBe('/cart-page');
      const reserved = await owner.call('POST', EDITOR_API.pages, { title: 'X', path: '/checkout' });
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json().error).toMatchObject({
        code: 'INVALID',
        message: messages.slugReserved('/checkout'),
        issues: [{ path: ['path'], message: messages.slugReserved('/checkout') }],
      });
      const taken = await owner.call('POST', EDITOR_API.pages, { title: 'X', path: 'about' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toEqual({
        code: 'SLUG_TAKEN',
        message: messages.slugTaken('/about'),
        issues: [{ path: ['path'], message: messages.slugTaken('/about') }],
      });
      const invalid = await owner.call('POST', EDITOR_API.pages, { title: 'X', path: '/a b/c/d' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.message).toBe(messages.notValidPageUrl('/a b/c/d'));
    });

    it('puts a page in a folder under the folder’s URL and navigation item', async () => {
      const folder = await create({ title: 'Guides', kind: 'folder' });
      expect(folder).toMatchObject({ kind: 'folder', folderBehavior: 'index', status: 'published' });
      const child = await create({ title: 'Sharpening', parentId: folder.id });
      expect(child.path).toBe('/guides/sharpening');
      const main = (await owner.get(EDITOR_API.siteLayout)).json()[0];
      expect(main.links.find((l: { collectionId?: string }) => l.collectionId === folder.id).items).toEqual([
        { collectionId: child.id, title: 'Sharpening', fullUrl: '/guides/sharpening', enabled: true },
      ]);
      const nested = await owner.call('POST', EDITOR_API.pages, {
        title: 'Sub',
        kind: 'folder',
        parentId: folder.id,
      });
      expect(nested.json().error.message).toBe(messages.folderCannotHoldFolder);
      const notFolder = await owner.call('POST', EDITOR_API.pages, { title: 'Sub', parentId: 'page-about' });
      expect(notFolder.json().error.message).toBe(messages.parentMustBeFolder);
    });

    it('answers 404 PAGE_NOT_FOUND for an unknown page', async () => {
      const res = await owner.get(EDITOR_API.page('page-nope'));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'PAGE_NOT_FOUND', message: messages.pageNotFound });
    });

    it('updates settings, bumping the version, and refuses a stale version with 409', async () => {
      const page = await create({ title: 'Settings', navigation: 'notLinked' });
      const res = await owner.call('PATCH', EDITOR_API.page(page.id), {
        version: page.version,
        title: 'Settings page',
        description: 'All about it',
        enabled: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'Settings page',
        description: 'All about it',
        enabled: false,
        version: page.version + 1,
      });
      const stale = await owner.call('PATCH', EDITOR_API.page(page.id), {
        version: page.version,
        title: 'Lost',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toEqual({ code: 'STALE_VERSION', message: messages.staleVersion });
      expect((await pageRow(page.id)).title).toBe('Settings page');
    });

    it('lets exactly one of two concurrent writes with the same version win', async () => {
      const page = await create({ title: 'Race', navigation: 'notLinked' });
      const answers = await Promise.all(
        ['First', 'Second', 'Third'].map((title) =>
          owner.call('PATCH', EDITOR_API.page(page.id), { version: page.version, title }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json();
      expect(await pageRow(page.id)).toMatchObject({ title: winner.title, version: page.version + 1 });
      const drafts = await Promise.all(
        ['a', 'b'].map((t) =>
          owner.call('PUT', EDITOR_API.draft(page.id), { version: winner.version, document: doc(t) }),
        ),
      );
      expect(drafts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('needs a time for a scheduled page', async () => {
      const page = await create({ title: 'Later', navigation: 'notLinked' });
      const res = await owner.call('PATCH', EDITOR_API.page(page.id), {
        version: page.version,
        status: 'scheduled',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: messages.scheduleNeedsTime,
        issues: [{ path: ['publishAt'] }],
      });
      const ok = await owner.call('PATCH', EDITOR_API.page(page.id), {
        version: page.version,
        status: 'scheduled',
        publishAt: '2031-01-01T09:00:00Z',
      });
      expect(ok.json()).toMatchObject({ status: 'scheduled', publishAt: '2031-01-01T09:00:00.000Z' });
      const list = (await owner.get(EDITOR_API.pages)).json().pages as PageSummary[];
      expect(list.find((p) => p.id === page.id)).toMatchObject({
        status: 'scheduled',
        publishAt: '2031-01-01T09:00:00.000Z',
      });
    });

    it('renames a folder with its pages and keeps the home and system pages’ URLs fixed', async () => {
      const folder = await create({ title: 'Journal', kind: 'folder' });
      const child = await create({ title: 'First entry', parentId: folder.id });
      const res = await owner.call('PATCH', EDITOR_API.page(folder.id), {
        version: folder.version,
        path: '/notes',
      });
      expect(res.json().path).toBe('/notes');
      expect((await pageRow(child.id)).path).toBe('/notes/first-entry');
      const home = await pageRow('page-home');
      const fixed = await owner.call('PATCH', EDITOR_API.page('page-home'), {
        version: home.version,
        path: '/start',
      });
      expect(fixed.json().error.message).toBe(messages.pathIsFixed);
    });

    it('saves drafts, coalescing one author’s autosaves into one revision, and publishes', async () => {
      const page = await create({ title: 'Drafty', navigation: 'notLinked' });
      let version = page.version;
      for (const text of ['one', 'two', 'three']) {
        const res = await owner.call('PUT', EDITOR_API.draft(page.id), { version, document: doc(text) });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ version: version + 1, savedAt: expect.any(String) });
        version = res.json().version;
      }
      // Another author's save starts a revision of its own.
      const byEditor = await editor.call('PUT', EDITOR_API.draft(page.id), {
        version,
        document: doc('four'),
      });
      version = byEditor.json().version;
      let revisions = (await owner.get(EDITOR_API.revisions(page.id))).json().revisions;
      expect(revisions.map((r: { kind: string; author: string }) => [r.kind, r.author])).toEqual([
        ['draft', EDITOR.email],
        ['draft', DEMO_OWNER.email],
      ]);
      expect(revisions[1].blockCount).toBe(1);

      const detail = (await owner.get(EDITOR_API.page(page.id))).json();
      expect(detail).toMatchObject({ status: 'draft', hasUnpublishedChanges: true, published: null });
      // The pages list tells the same without reading the documents (compared in the query).
      const listed = async () =>
        ((await owner.get(EDITOR_API.pages)).json().pages as PageDetail[]).find((p) => p.id === page.id);
      expect(await listed()).toMatchObject({ status: 'draft', hasUnpublishedChanges: true, version });
      const published = await owner.call('POST', EDITOR_API.publish(page.id), { version });
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({
        status: 'published',
        hasUnpublishedChanges: false,
        version: version + 1,
        publishedAt: expect.any(String),
      });
      expect(published.json().published.sections[0].blocks[0].settings.text).toBe('four');
      // Every field the list shows is what the page's own answer says.
      const summary = (await listed())!;
      expect(summary.hasUnpublishedChanges).toBe(false);
      const shown: (keyof PageSummary)[] = [
        'id',
        'title',
        'path',
        'pageType',
        'kind',
        'collectionType',
        'status',
        'publishAt',
        'enabled',
        'folderBehavior',
        'version',
        'hasUnpublishedChanges',
        'updatedAt',
        'publishedAt',
      ];
      expect(Object.keys(summary).sort()).toEqual(shown.sort());
      expect(summary).toEqual(Object.fromEntries(Object.keys(summary).map((k) => [k, published.json()[k]])));
      revisions = (await owner.get(EDITOR_API.revisions(page.id))).json().revisions;
      expect(revisions[0]).toMatchObject({ kind: 'published', version: version + 1 });
    });

    it('opens a page saved before sections had a grid as full-width rows in its order, stored so at the next save', async () => {
      const page = await create({ title: 'Before The Grid', navigation: 'notLinked' });
      const legacy = {
        sections: [{ ...doc('one', 'two').sections[0]!, background: 'default', width: 'wide' } as const],
      };
      await database.db.update(pages).set({ draftDocument: legacy }).where(eq(pages.id, page.id));
      const opened = (await owner.call('GET', EDITOR_API.page(page.id))).json() as PageDetail;
      const section = opened.draft.sections[0]!;
      expect(section.blocks.map((b) => [b.id, b.place])).toEqual([
        ['b0', { column: 1, span: 12, row: 1, rows: 1 }],
        ['b1', { column: 1, span: 12, row: 2, rows: 1 }],
      ]);
      expect(section.phoneOrder).toEqual(['b0', 'b1']);
      const saved = await owner.call('PUT', EDITOR_API.draft(page.id), {
        version: opened.version,
        document: legacy,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const stored = (await pageRow(page.id)).draftDocument!.sections[0]!;
      expect(stored.blocks.map((b) => b.place)).toEqual(section.blocks.map((b) => b.place));
      expect(stored.phoneOrder).toEqual(['b0', 'b1']);
    });

    it('restores a revision as the draft and records it', async () => {
      const page = await create({ title: 'Restore me', navigation: 'notLinked' });
      const saved = (
        await owner.call('PUT', EDITOR_API.draft(page.id), {
          version: page.version,
          document: doc('original'),
        })
      ).json();
      const published = (
        await owner.call('POST', EDITOR_API.publish(page.id), { version: saved.version })
      ).json();
      const edited = (
        await owner.call('PUT', EDITOR_API.draft(page.id), {
          version: published.version,
          document: doc('changed'),
        })
      ).json();
      const [, publishedRevision] = (await owner.get(EDITOR_API.revisions(page.id))).json().revisions;
      const res = await owner.call('POST', EDITOR_API.restore(page.id, publishedRevision.id), {
        version: edited.version,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().draft.sections[0].blocks[0].settings.text).toBe('original');
      expect((await owner.get(EDITOR_API.revisions(page.id))).json().revisions[0].kind).toBe('restored');
      const missing = await owner.call('POST', EDITOR_API.restore(page.id, 'nope'), {
        version: edited.version + 1,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('keeps at most the revision limit per page, dropping old drafts first', async () => {
      const page = await create({ title: 'Many revisions', navigation: 'notLinked' });
      const rows = Array.from({ length: LIMITS.maxRevisionsKept }, (_, i) => ({
        id: `old-${page.id}-${i}`,
        websiteId: 'demo',
        pageId: page.id,
        kind: i === 0 ? ('published' as const) : ('draft' as const),
        version: i,
        document: pageDocumentSchema.parse(doc(`r${i}`)),
        createdAt: new Date(Date.now() - (100 - i) * 60_000),
      }));
      await database.db.insert(pageRevisions).values(rows);
      await owner.call('PUT', EDITOR_API.draft(page.id), { version: page.version, document: doc('newest') });
      const kept = await database.db.select().from(pageRevisions).where(eq(pageRevisions.pageId, page.id));
      expect(kept).toHaveLength(LIMITS.maxRevisionsKept);
      expect(kept.map((r) => r.id)).toContain(`old-${page.id}-0`);
      expect(kept.map((r) => r.id)).not.toContain(`old-${page.id}-1`);
    });

    it('duplicates a page right after the original, as an unpublished draft', async () => {
      const res = await owner.call('POST', EDITOR_API.duplicate('page-about'));
      expect(res.statusCode).toBe(201);
      const copy = res.json();
      expect(copy).toMatchObject({
        title: 'About (copy)',
        path: '/about-2',
        status: 'draft',
        published: null,
      });
      expect(copy.draft.sections[0].blocks[0].settings.text).toBe('About the workshop');
      const main = (await owner.get(EDITOR_API.siteLayout))
        .json()[0]
        .links.map((l: { collectionId: string }) => l.collectionId);
      expect(main[main.indexOf('page-about') + 1]).toBe(copy.id);
      expect((await owner.call('POST', EDITOR_API.duplicate('page-cart'))).json().error.message).toBe(
        messages.cannotDuplicateSystemPage,
      );
    });

    it('deletes a page (204) and takes it out of navigation; a folder’s pages become not linked', async () => {
      const folder = await create({ title: 'Old stuff', kind: 'folder' });
      const child = await create({ title: 'Old thing', parentId: folder.id });
      const stale = await owner.call('DELETE', `${EDITOR_API.page(folder.id)}?version=${folder.version + 1}`);
      expect(stale.statusCode).toBe(409);
      const res = await owner.call('DELETE', `${EDITOR_API.page(folder.id)}?version=${folder.version}`);
      expect(res.statusCode).toBe(204);
      const layout = (await owner.get(EDITOR_API.siteLayout)).json();
      expect(JSON.stringify(layout[0])).not.toContain(folder.id);
      expect(layout[2].links.map((l: { collectionId: string }) => l.collectionId)).toContain(child.id);
      expect((await owner.get(EDITOR_API.page(folder.id))).statusCode).toBe(404);
    });

    it('refuses to delete the home, shop, cart and checkout pages', async () => {
      for (const id of ['page-home', 'page-shop', 'page-cart', 'page-checkout']) {
        const res = await owner.call('DELETE', `${EDITOR_API.page(id)}?version=0`);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(messages.cannotDeleteSystemPage);
      }
      expect((await owner.call('DELETE', `${EDITOR_API.page('page-about')}?version=`)).statusCode).toBe(400);
    });
  });

  describe('bad input', () => {
    const sixtyOne = {
      sections: [
        {
          id: 's1',
          blocks: Array.from({ length: 61 }, (_, i) => ({ id: `b${i}`, type: 'spacer', settings: {} })),
        },
      ],
    };
    let page: PageDetail;
    beforeAll(async () => {
      page = await create({ title: 'Target', navigation: 'notLinked' });
    });
    const unchanged = async () =>
      expect(await pageRow(page.id)).toMatchObject({ version: page.version, draftDocument: page.draft });

    it('refuses 61 blocks with the limit message', async () => {
      const res = await owner.call('PUT', EDITOR_API.draft(page.id), {
        version: page.version,
        document: sixtyOne,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID', message: messages.tooManyBlocks(60) });
      await unchanged();
    });

    it('refuses two blocks sharing a grid cell and a placement past column 12, at the block', async () => {
      const place = (column: number, span: number) => ({ column, span, row: 1, rows: 1 });
      const spacer = (id: string, at: object) => ({ id, type: 'spacer', settings: {}, place: at });
      for (const [blocks, message, index] of [
        [[spacer('a', place(1, 7)), spacer('b', place(7, 6))], messages.gridOverlap('a', 'b'), 1],
        [[spacer('a', place(9, 6))], messages.gridPastLastColumn, 0],
      ] as const) {
        const res = await owner.call('PUT', EDITOR_API.draft(page.id), {
          version: page.version,
          document: { sections: [{ id: 's1', blocks }] },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.issues).toContainEqual({
          path: expect.arrayContaining(['document', 'sections', 0, 'blocks', index]),
          message,
        });
      }
      await unchanged();
    });

    it('refuses an unknown block type at its field', async () => {
      const res = await owner.call('PUT', EDITOR_API.draft(page.id), {
        version: page.version,
        document: { sections: [{ id: 's1', blocks: [{ id: 'b1', type: 'hologram', settings: {} }] }] },
      });
      expect(res.json().error).toMatchObject({
        message: messages.unknownBlockType('hologram'),
        issues: [
          {
            path: ['document', 'sections', 0, 'blocks', 0, 'type'],
            message: messages.unknownBlockType('hologram'),
          },
        ],
      });
      await unchanged();
    });

    it.each([
      ['a NUL byte', { version: 0, document: doc('a\u0000b') }],
      ['a lone surrogate', { version: 0, document: doc('a\uD800b') }],
      ['a huge string', { version: 0, document: doc('x'.repeat(LIMITS.maxLongText + 1)) }],
      [
        'a javascript: link',
        {
          version: 0,
          document: {
            sections: [
              { id: 's', blocks: [{ id: 'b', type: 'button', settings: { href: 'javascript:alert(1)' } }] },
            ],
          },
        },
      ],
      ['wrong types', { version: '0', document: { sections: 'many' } }],
      [
        'settings of the wrong type',
        {
          version: 0,
          document: {
            sections: [{ id: 's', blocks: [{ id: 'b', type: 'spacer', settings: { height: 'tall' } }] }],
          },
        },
      ],
      ['an array body', [1, 2, 3]],
      [
        'duplicate ids',
        { version: 0, document: { sections: [{ id: 'x', blocks: [{ id: 'x', type: 'line' }] }] } },
      ],
    ])('answers 400 for %s and changes nothing', async (_name, body) => {
      const res = await owner.call('PUT', EDITOR_API.draft(page.id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
      await unchanged();
    });

    it('answers 400 for deeply nested JSON', async () => {
      const deep = `{"version":0,"document":{"sections":[{"id":"s","blocks":[{"id":"b","type":"text","settings":{"text":${'['.repeat(50_000)}${']'.repeat(50_000)}}}]}]}}`;
      const res = await owner.call('PUT', EDITOR_API.draft(page.id), deep, {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
      await unchanged();
    });

    it('answers 400 for malformed JSON and 413 with a message over 1 MB', async () => {
      const broken = await owner.call('PUT', EDITOR_API.draft(page.id), '{"version":', {
        'content-type': 'application/json',
      });
      expect(broken.statusCode).toBe(400);
      const huge = await owner.call('PUT', EDITOR_API.draft(page.id), {
        version: page.version,
        document: doc('x'.repeat(1_000_001)),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge });
      await unchanged();
    });

    it('refuses hostile page settings and paths', async () => {
      for (const body of [
        { version: page.version, title: '' },
        { version: page.version, title: 'x'.repeat(LIMITS.maxTitleLength + 1) },
        { version: page.version, path: '../../etc' },
        { version: page.version, status: 'deleted' },
        { version: page.version, publishAt: 'tomorrow' },
        { version: -1 },
        { title: 'No version' },
      ]) {
        const res = await owner.call('PATCH', EDITOR_API.page(page.id), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      await unchanged();
    });
  });

  it('stores nothing for a refused create', async () => {
    const before = await database.db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.websiteId, 'demo')));
    await owner.call('POST', EDITOR_API.pages, { title: 'T', kind: 'collection' });
    await owner.call('POST', EDITOR_API.pages, { title: '  ' });
    const after = await database.db.select({ id: pages.id }).from(pages).where(eq(pages.websiteId, 'demo'));
    expect(after).toHaveLength(before.length);
  });
});
