import { EDITOR_API, GALLERY_API, messages, type PageDetail, type SiteImage } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { EditorClient } from '../../../test/editor';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { DEMO_OWNER, seedDemoSite } from '../../seed/demo-site';

const targets = await databaseTargets();

const licensed = {
  type: 'imageLicensed',
  src: 'https://images.test/dune.jpg',
  alt: 'A dune at dawn',
  creator: 'Jane Doe',
  sourceUrl: 'https://unsplash.com/photos/abc',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
};
const gallery = (images: unknown[]) => ({
  sections: [{ id: 's', blocks: [{ id: 'g', type: 'gallery', settings: { lightbox: true, images } }] }],
});

describe.each(targets)('gallery media type imageLicensed on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let page: PageDetail;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
    page = (await owner.call('POST', EDITOR_API.pages, { title: 'Dunes' })).json() as PageDetail;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const save = async (images: unknown[]) => {
    const res = await owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document: gallery(images),
    });
    if (res.statusCode === 200) page = { ...page, version: (res.json() as PageDetail).version };
    return res;
  };
  const publishAndView = async () => {
    const published = await owner.call('POST', EDITOR_API.publish(page.id), { version: page.version });
    expect(published.statusCode, published.body).toBe(200);
    const { version, path } = published.json() as PageDetail;
    page = { ...page, version };
    const res = await new EditorClient(app).get(path);
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('a visitor reads the credit the licence asks for; unticking it removes the credit', async () => {
    expect((await save([licensed])).statusCode).toBe(200);
    let html = await publishAndView();
    expect(html).toContain(
      'Photo: Jane Doe / <a href="https://unsplash.com/photos/abc" rel="noopener">unsplash.com</a>, <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener license">CC BY 4.0</a>',
    );
    expect(html).toContain('alt="A dune at dawn"');
    expect((await save([{ ...licensed, creditRequired: false }])).statusCode).toBe(200);
    html = await publishAndView();
    expect(html).toContain('src="https://images.test/dune.jpg"');
    expect(html).not.toContain('gallery__credit');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no licence name', { licence: '' }, messages.licenceNameMissing],
    ['credit without a name', { creator: '' }, messages.licenceCreatorMissing],
    ['a script source link', { sourceUrl: 'javascript:alert(1)' }, messages.licenceLinkInvalid],
    ['a huge name', { creator: 'x'.repeat(10_000) }, messages.licenceCreatorTooLong(120)],
    ['a lone surrogate', { licence: 'CC \ud800' }, 'INVALID_TEXT'],
    ['credit as an object', { creditRequired: { yes: 1 } }, 'boolean'],
  ])('refuses %s with a 400 and keeps the saved page', async (_, change, message) => {
    const before = page.version;
    const res = await save([{ ...licensed, ...change }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(page.version).toBe(before);
  });

  it('is not offered for reuse as “Image from your site”: its licence does not travel with it', async () => {
    expect((await save([licensed])).statusCode).toBe(200);
    const images = (await owner.get(GALLERY_API.siteImages)).json().images as SiteImage[];
    expect(images.map((i) => i.src)).not.toContain(licensed.src);
  });
});
