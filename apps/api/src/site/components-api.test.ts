import {
  COMPONENT_LIMITS,
  COMPONENTS_API,
  EDITOR_API,
  LIMITS,
  messages,
  type PageDetail,
  type WebsiteComponent,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Shopper } from '../../test/client';
import { siteComponents, siteVersions } from '../db/schema';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';

const targets = await databaseTargets();

const heading = (text: string, id = 'h1') => ({ id, type: 'heading', settings: { text, level: 2 } });
const placed = (componentId: string, id = `p-${componentId}`) => ({
  id,
  type: 'website-component',
  settings: { componentId },
});

describe.each(targets)('website components API on $name', (target) => {
  const demo = demoSiteSuite(target);

  const create = async (name: string, blocks: unknown[]) => {
    const res = await demo.owner.call('POST', COMPONENTS_API.list, { name, blocks });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WebsiteComponent;
  };
  const update = (component: { id: string; version: number }, body: Record<string, unknown>) =>
    demo.owner.call('PUT', COMPONENTS_API.one(component.id), { version: component.version, ...body });
  const list = async () =>
    ((await demo.owner.get(COMPONENTS_API.list)).json() as { components: WebsiteComponent[] }).components;
  /** A published page placing the blocks, at a fresh path. */
  const publishedPage = async (title: string, blocks: unknown[]) => {
    const page = (await demo.owner.call('POST', EDITOR_API.pages, { title })).json() as PageDetail;
    const draft = await demo.owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document: { sections: [{ id: 's1', blocks }] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await demo.owner.call('POST', EDITOR_API.publish(page.id), {
      version: draft.json().version,
    });
    expect(published.statusCode, published.body).toBe(200);
    return published.json() as PageDetail;
  };

  it('shows a component on every page that places it, and an edit on the next request of each', async () => {
    const hours = await create('Opening hours', [heading('Open daily 9 to 5')]);
    expect(hours).toMatchObject({ name: 'Opening hours', version: 0, usage: { pages: [], components: [] } });
    const about = await publishedPage('Visit us', [placed(hours.id)]);
    const contact = await publishedPage('Find us', [heading('Directions', 'd'), placed(hours.id)]);
    for (const page of [about, contact]) {
      const first = await demo.app.inject(page.path);
      expect(first.body).toContain('Open daily 9 to 5');
      expect((await demo.app.inject(page.path)).headers['x-page-cache']).toBe('hit');
    }
    const before = (
      await demo.database.db.select().from(siteVersions).where(eq(siteVersions.websiteId, DEMO_WEBSITE_ID))
    )[0]!.content;

    const edited = await update(hours, { blocks: [heading('Open daily 10 to 6')] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 1, usage: { pages: expect.any(Array) } });
    // The trigger bumps the content counter, so other processes drop their cached pages too.
    const after = (
      await demo.database.db.select().from(siteVersions).where(eq(siteVersions.websiteId, DEMO_WEBSITE_ID))
    )[0]!.content;
    expect(after).toBeGreaterThan(before);
    for (const page of [about, contact]) {
      const next = await demo.app.inject(page.path);
      expect(next.headers['x-page-cache']).toBe('miss');
      expect(next.body).toContain('Open daily 10 to 6');
      expect(next.body).not.toContain('Open daily 9 to 5');
    }
    const listed = (await list()).find((c) => c.id === hours.id)!;
    expect(listed.usage.pages.map((p) => p.title).sort()).toEqual(['Find us', 'Visit us']);
  });

  it('renders the products a component shows, like a page’s own blocks', async () => {
    const featured = await create('Featured tote', [
      { id: 'p', type: 'product', settings: { productId: 'prod-canvas-tote' } },
    ]);
    const page = await publishedPage('Tote promo', [placed(featured.id)]);
    const html = (await demo.app.inject(page.path)).body;
    expect(html).toContain('Canvas Tote');
  });

  it('refuses to delete a component in use, naming where, and deletes it once detached', async () => {
    const banner = await create('Sale banner', [heading('Sale!')]);
    const page = await publishedPage('Sale', [placed(banner.id)]);
    const refused = await demo.owner.call('DELETE', `${COMPONENTS_API.one(banner.id)}?version=0`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'COMPONENT_IN_USE',
      message: messages.components.inUse(['Sale']),
      usage: { pages: [{ id: page.id, title: 'Sale' }] },
    });
    const detached = await demo.owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document: { sections: [{ id: 's1', blocks: [heading('Sale!', 'own')] }] },
    });
    await demo.owner.call('POST', EDITOR_API.publish(page.id), { version: detached.json().version });
    const deleted = await demo.owner.call('DELETE', `${COMPONENTS_API.one(banner.id)}?version=0`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list()).map((c) => c.id)).not.toContain(banner.id);
    expect((await demo.app.inject(page.path)).body).toContain('Sale!');
  });

  it('refuses a component inside itself, a loop through another, and nesting deeper than the limit', async () => {
    const a = await create('Outer', [heading('A')]);
    const self = await update(a, { blocks: [placed(a.id)] });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({
      code: 'COMPONENT_CYCLE',
      message: messages.components.cycle(['Outer']),
    });
    const b = await create('Inner', [placed(a.id)]);
    const loop = await update(a, { blocks: [placed(b.id)] });
    expect(loop.json().error).toMatchObject({
      code: 'COMPONENT_CYCLE',
      message: messages.components.cycle(['Outer', 'Inner']),
    });
    // a ← b ← c is three deep; a fourth around them is refused.
    const c = await create('Third', [placed(b.id)]);
    const fourth = await demo.owner.call('POST', COMPONENTS_API.list, {
      name: 'Fourth',
      blocks: [placed(c.id)],
    });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().error).toMatchObject({
      code: 'COMPONENT_TOO_DEEP',
      message: messages.components.tooDeep(COMPONENT_LIMITS.maxDepth),
    });
    const row = (await demo.database.db.select().from(siteComponents).where(eq(siteComponents.id, a.id)))[0]!;
    expect(row.blocks.map((b) => b.settings.text)).toEqual(['A']);
  });

  it.each([
    ['malformed JSON', '{"name":', 400],
    ['a name of the wrong type', { name: 7, blocks: [heading('x')] }, 400],
    ['a NUL byte in a heading', { name: 'x', blocks: [heading('a\u0000b')] }, 400],
    ['a lone surrogate in the name', { name: 'a\ud800', blocks: [heading('x')] }, 400],
    [
      '61 blocks',
      {
        name: 'x',
        blocks: Array.from({ length: LIMITS.maxBlocksPerLayout + 1 }, (_, i) => heading('x', `h${i}`)),
      },
      400,
    ],
    ['a component of no one', { name: 'x', blocks: [placed('cmp-elsewhere')] }, 400],
    [
      'deeply nested settings',
      {
        name: 'x',
        blocks: [
          { id: 'h', type: 'heading', settings: JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)) },
        ],
      },
      400,
    ],
  ])('answers %s with a clear 4xx and writes nothing', async (_, body, status) => {
    const count = (await list()).length;
    const res =
      typeof body === 'string'
        ? await demo.owner.request('POST', COMPONENTS_API.list, body, {
            'x-siteuser-xsrf-token': demo.owner.xsrf,
            'content-type': 'application/json',
          })
        : await demo.owner.call('POST', COMPONENTS_API.list, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toEqual(expect.any(String));
    expect((await list()).length).toBe(count);
  });

  it('refuses a stale version, a missing component, a viewer and a visitor', async () => {
    const note = await create('Note', [heading('Hello')]);
    expect((await update(note, { name: 'Renamed' })).statusCode).toBe(200);
    const stale = await update(note, { name: 'Again' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(messages.components.stale);
    const gone = await update({ id: 'cmp-none', version: 0 }, { name: 'x' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(messages.components.notFound);
    expect((await demo.viewer.get(COMPONENTS_API.list)).statusCode).toBe(200);
    expect(
      (await demo.viewer.call('POST', COMPONENTS_API.list, { name: 'x', blocks: [heading('x')] })).statusCode,
    ).toBe(403);
    expect((await new Shopper(demo.app).request('GET', COMPONENTS_API.list)).statusCode).toBe(401);
    expect((await list()).find((c) => c.id === note.id)?.name).toBe('Renamed');
  });
});
