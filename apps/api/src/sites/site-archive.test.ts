import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  SITE_EXPORT_API,
  SITE_PROFILE_API,
  siteExportMessages,
  type FileList,
  type FileView,
  type SiteExport,
} from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { createDiskStorage } from '../files/storage';
import { createJobQueue, type JobQueue } from '../jobs';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { Shopper } from '../../test/client';
import { rows, siteRows } from '../../test/site-rows';
import { EXPORTED_TABLES, NOT_EXPORTED } from './site-archive';

const targets = await databaseTargets();
const FILES = '/api/editor/files';
/** The header's home link as the theme drew it: the logo's img, or the site's name as text. */
const siteTitleLink = (html: string) => /<a class="site-title" href="\/">(.*?)<\/a>/s.exec(html)?.[1];

/** What a visitor reads on a page: its text, without markup, scripts or per-request tokens. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe.each(targets)('site export and import on $name', (target) => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  let app: FastifyInstance;
  let owner: EditorClient;
  const filesDir = mkdtempSync(join(tmpdir(), 'site-export-'));

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    jobs = await createJobQueue(database, { pollSeconds: 0.5, stopTimeoutMs: 1000 });
    app = await buildApp({
      database,
      jobs,
      baseDomain: 'sites.test',
      writesPerMinute: 0,
      files: { storage: createDiskStorage(filesDir), jobs },
    });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await jobs?.stop();
    await database?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('places every table that holds part of a site: exported, or left out for a stated reason', async () => {
    const tables = (
      await rows<{ table_name: string }>(
        database,
        "select distinct table_name from information_schema.columns where table_schema = 'public'",
      )
    ).map((r) => r.table_name);
    const placed = [...Object.keys(EXPORTED_TABLES), ...Object.keys(NOT_EXPORTED)];
    expect(tables.filter((t) => !placed.includes(t)).sort(), 'tables the export does not place').toEqual([]);
    expect(placed.filter((t) => !tables.includes(t)).sort(), 'tables that no longer exist').toEqual([]);
    expect(Object.keys(EXPORTED_TABLES).filter((t) => t in NOT_EXPORTED)).toEqual([]);
  });

  it('exports the demo site by a job with progress, and imports it as a new site that shows the same pages', async () => {
    // An image of the site, so its original and resized bytes travel too.
    const form = new FormData();
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c01c28' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'red.png');
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    const uploaded = await owner.call('POST', FILES, Buffer.from(await multipart.arrayBuffer()), {
      'content-type': multipart.headers.get('content-type')!,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = (uploaded.json() as { files: FileView[] }).files[0]!.id;
    await expect
      .poll(async () => ((await owner.get(`${FILES}/${fileId}`)).json() as FileView).status, {
        timeout: 20_000,
      })
      .toBe('complete');
    const original = (await owner.get(`${FILES}/${fileId}`)).json() as FileView;
    // A header logo, kept in the files storage but not in the files table.
    const logo = await owner.call(
      'PUT',
      SITE_PROFILE_API.logo,
      await sharp({ create: { width: 600, height: 200, channels: 3, background: '#1c71d8' } })
        .png()
        .toBuffer(),
      { 'content-type': 'image/png' },
    );
    expect(logo.statusCode, logo.body).toBe(200);
    const logoUrl = (logo.json() as { logoUrl: string }).logoUrl;

    const started = await owner.call('POST', SITE_EXPORT_API.exports, {});
    expect(started.statusCode, started.body).toBe(202);
    const seen: number[] = [];
    let latest: SiteExport | null = null;
    await expect
      .poll(
        async () => {
          latest = (await owner.get(SITE_EXPORT_API.exports)).json().export as SiteExport | null;
          if (latest) seen.push(latest.progress);
          return latest?.status;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe('ready');
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const ready = latest as unknown as SiteExport;

    const download = await owner.get(SITE_EXPORT_API.download(ready.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="site-\d{4}-\d{2}-\d{2}\.json\.gz"$/,
    );
    expect(download.rawPayload.length).toBe(ready.size);
    // Another site's people cannot fetch it.
    expect((await new Shopper(app).get(SITE_EXPORT_API.download(ready.id))).statusCode).toBe(401);

    const refused = await owner.call(
      'POST',
      `${SITE_EXPORT_API.import}?slug=copy-of-demo`,
      Buffer.from('not gzip'),
      {
        'content-type': 'application/gzip',
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(siteExportMessages.notAnArchive);

    // Changed by hand so that PostgreSQL refuses a row: a clear 400, and nothing of it kept.
    const damaged = JSON.parse(gunzipSync(download.rawPayload).toString('utf8'));
    damaged.tables.pages[0].title = null;
    const refusedRows = await owner.call(
      'POST',
      `${SITE_EXPORT_API.import}?slug=copy-of-demo`,
      gzipSync(JSON.stringify(damaged)),
      { 'content-type': 'application/gzip' },
    );
    expect(refusedRows.statusCode, refusedRows.body).toBe(400);
    expect(refusedRows.json().error.message).toBe(siteExportMessages.damaged('pages'));
    expect(await rows(database, "select id from websites where slug = 'copy-of-demo'")).toEqual([]);

    // As an archive made before products kept their SKU lines would have it: without them.
    const older = JSON.parse(gunzipSync(download.rawPayload).toString('utf8'));
    for (const product of older.tables.products) delete product.skus;
    const imported = await owner.call(
      'POST',
      `${SITE_EXPORT_API.import}?slug=copy-of-demo`,
      gzipSync(JSON.stringify(older)),
      {
        'content-type': 'application/gzip',
      },
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const { websiteId, url } = imported.json() as { websiteId: string; url: string };
    expect(url).toBe('http://copy-of-demo.sites.test/');

    // Every exported table has as many rows for the copy as for the original.
    const [before, after] = await Promise.all([
      siteRows(database, DEMO_WEBSITE_ID),
      siteRows(database, websiteId),
    ]);
    for (const table of Object.keys(EXPORTED_TABLES))
      expect(after[table]?.length, table).toBe(before[table]?.length);
    // The copy's SKU lines are made again from its variants, for the editor's search by SKU.
    const skuLines = (site: string) =>
      rows<{ title: string; skus: string }>(
        database,
        `select title, skus from products where website_id = '${site}' order by title`,
      );
    const originalSkus = await skuLines(DEMO_WEBSITE_ID);
    expect(originalSkus.some((p) => p.skus !== '')).toBe(true);
    expect(await skuLines(websiteId)).toEqual(originalSkus);

    const visitor = new Shopper(app);
    const copy = new Shopper(app, 'copy-of-demo.sites.test');
    for (const path of [
      '/',
      '/shop',
      '/shop/p/canvas-tote',
      '/about',
      '/journal',
      '/journal/caring-for-waxed-canvas',
    ]) {
      const [a, b] = await Promise.all([visitor.get(path), copy.get(path)]);
      expect(a.statusCode, path).toBe(200);
      expect(b.statusCode, path).toBe(200);
      expect(visibleText(b.body), path).toBe(visibleText(a.body));
    }

    // The owner signs in to the copy with the same email and password, and finds the same image.
    const copyOwner = await new EditorClient(app, 'copy-of-demo.sites.test').signIn(DEMO_OWNER);
    const copied = ((await copyOwner.get(FILES)).json() as FileList).items.find((f) => f.name === 'red.png')!;
    expect(copied).toMatchObject({ status: 'complete', size: original.size, originalSize: '400x300' });
    for (const suffix of ['', '?format=100w']) {
      const [a, b] = await Promise.all([
        visitor.get(original.previewUrl + suffix),
        copy.get(copied.previewUrl + suffix),
      ]);
      expect(a.statusCode, suffix).toBe(200);
      expect(b.statusCode, suffix).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload), suffix).toBe(true);
    }
    // The header shows the same logo, and its address answers with the same bytes.
    const logoImg = `<img class="site-logo" src="${logoUrl}" alt="Fieldnotes Supply Co.">`;
    expect(siteTitleLink((await copy.get('/')).body)).toBe(logoImg);
    const [logoA, logoB] = await Promise.all([visitor.get(logoUrl), copy.get(logoUrl)]);
    expect(logoA.statusCode).toBe(200);
    expect(logoB.statusCode).toBe(200);
    expect(logoB.headers['content-type']).toBe('image/webp');
    expect(logoB.rawPayload.equals(logoA.rawPayload)).toBe(true);

    // An archive without the logo's bytes (one from before logos travelled): the copy's header
    // shows the site's name rather than a broken image.
    const withoutLogo = JSON.parse(gunzipSync(download.rawPayload).toString('utf8'));
    const logoKeys = Object.keys(withoutLogo.files).filter((key) => key.includes('/site-logo/'));
    expect(logoKeys).toHaveLength(1);
    delete withoutLogo.files[logoKeys[0]!];
    const plain = await owner.call(
      'POST',
      `${SITE_EXPORT_API.import}?slug=plain-copy`,
      gzipSync(JSON.stringify(withoutLogo)),
      { 'content-type': 'application/gzip' },
    );
    expect(plain.statusCode, plain.body).toBe(201);
    const plainCopy = new Shopper(app, 'plain-copy.sites.test');
    expect(siteTitleLink((await plainCopy.get('/')).body)).toBe('Fieldnotes Supply Co.');
    expect((await plainCopy.get(logoUrl)).statusCode).toBe(404);

    // A slug already taken is refused.
    const again = await owner.call(
      'POST',
      `${SITE_EXPORT_API.import}?slug=copy-of-demo`,
      download.rawPayload,
      {
        'content-type': 'application/gzip',
      },
    );
    expect(again.statusCode).toBe(409);
  }, 120_000);
});
