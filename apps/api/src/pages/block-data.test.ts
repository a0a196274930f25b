import { pageDocumentSchema, renderDocument } from '@site/page-content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import type { DatabaseHandle } from '../db/client';
import { files } from '../db/schema';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { loadBlockRenderData } from './block-data';
import { loadPages, loadWebsite } from '../site/site-data';

const targets = await databaseTargets();

describe.each(targets)('block data on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(files).values([
      {
        id: 'img1',
        websiteId: DEMO_WEBSITE_ID,
        name: 'bench.jpg',
        contentType: 'image/jpeg',
        size: 1000,
        width: 1200,
        height: 800,
        widths: [100, 300, 500, 750, 1000],
        status: 'complete',
      },
      {
        id: 'img2',
        websiteId: DEMO_WEBSITE_ID,
        name: 'new.jpg',
        contentType: 'image/jpeg',
        size: 1000,
        width: 900,
        height: 600,
        status: 'processing',
      },
    ]);
  });
  afterAll(() => database?.close());

  it('gives uploaded images a srcset of their processed sizes, and the original until they exist', async () => {
    const website = (await loadWebsite(database.db, DEMO_WEBSITE_ID))!;
    const document = pageDocumentSchema.parse({
      sections: [
        {
          id: 's',
          blocks: [
            { id: 'a', type: 'image', settings: { src: '/files/img1/bench.jpg', alt: 'A bench' } },
            { id: 'b', type: 'image', settings: { src: '/files/img2/new.jpg' } },
            { id: 'c', type: 'image', settings: { src: '/files/other-site/x.jpg' } },
          ],
        },
      ],
    });
    const data = await loadBlockRenderData(
      database.db,
      website,
      await loadPages(database.db, DEMO_WEBSITE_ID),
      [document],
    );
    const html = renderDocument(document, data).html;
    expect(html).toContain('srcset="/files/img1/bench.jpg?format=100w 100w,');
    expect(html).toContain('/files/img1/bench.jpg?format=1000w 1000w');
    const processing = html.slice(html.indexOf('data-block-id="b"'), html.indexOf('data-block-id="c"'));
    expect(processing).toContain('src="/files/img2/new.jpg"');
    expect(processing).not.toContain('srcset');
    expect([...data.files!.keys()].sort()).toEqual(['img1', 'img2']);
  });

  it('gives a gallery library file (assetReused) the srcset an upload gets, and the library alt text', async () => {
    const website = (await loadWebsite(database.db, DEMO_WEBSITE_ID))!;
    await database.db.update(files).set({ altText: 'A bench by the door' }).where(eq(files.id, 'img1'));
    const document = pageDocumentSchema.parse({
      sections: [
        {
          id: 's',
          blocks: [
            {
              id: 'g',
              type: 'gallery',
              settings: {
                images: [
                  { type: 'assetReused', fileId: 'img1' },
                  { type: 'imageFile', src: '/files/img1/bench.jpg', alt: 'Uploaded' },
                ],
              },
            },
          ],
        },
      ],
    });
    const data = await loadBlockRenderData(
      database.db,
      website,
      await loadPages(database.db, DEMO_WEBSITE_ID),
      [document],
    );
    const html = renderDocument(document, data).html;
    const imgs = html.match(/<img [^>]*>/g) ?? [];
    expect(imgs).toHaveLength(2);
    for (const img of imgs) {
      expect(img).toContain('srcset="/files/img1/bench.jpg?format=100w 100w,');
      expect(img).toContain('sizes=');
    }
    expect(imgs[0]).toContain('alt="A bench by the door"');
  });
});
