import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOWNLOAD_LIMIT_DEFAULTS } from '@site/commerce-core';
import { adminMessages, STORE_API } from '@site/commerce-core/admin';
import { FILES_API, type FileView } from '@site/page-content';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { digitalDownloads, outgoingEmails, products } from '../db/schema';
import { createDiskStorage } from '../files/storage';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { Shopper, TEST_CARD } from '../../test/client';
import { EditorClient } from '../../test/editor';
import { downloadMessages } from './downloads';

const targets = await databaseTargets();
const DEFAULT_PER_UNIT = DOWNLOAD_LIMIT_DEFAULTS.downloadsPerUnit;
const DAY_MS = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n% brushes\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function multipart(name: string, body: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

describe.each(targets)('digital delivery on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let root: string;
  let owner: EditorClient;
  let file: { id: string; name: string; assetUrl: string };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'site-downloads-'));
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      baseDomain: 'sites.test',
      files: { storage: createDiskStorage(join(root, 'files')), stagingDir: join(root, 'staging') },
    });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
    const { payload, contentType } = await multipart('brushes.pdf', PDF, 'application/pdf');
    const uploaded = await owner.call('POST', FILES_API.files, payload, { 'content-type': contentType });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    file = uploaded.json().files[0];
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The owner names the file as the sketch pack's download through the product save. */
  async function deliverFile() {
    const listed = await owner.call('GET', `${STORE_API.products}?q=Sketching`);
    const product = listed.json().products.find((p: { id: string }) => p.id === 'prod-sketch-pack');
    // The product as GET answered it goes back as the save (its view-only fields are ignored).
    const save = await owner.call('PUT', STORE_API.product('prod-sketch-pack'), {
      ...product,
      digitalFileId: file.id,
    });
    expect(save.statusCode, save.body).toBe(200);
  }

  async function buy(quantity = 1) {
    const buyer = new Shopper(app);
    expect((await buyer.addToCart('prod-sketch-pack', 'BRUSH-DL', quantity)).statusCode).toBe(200);
    const res = await buyer.post('/api/commerce/checkout', { email: 'ada@example.com', payment: TEST_CARD });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order as { id: string; accessToken: string };
    const [receipt] = await database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, 'order-receipt'), eq(outgoingEmails.to, 'ada@example.com')))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    const link = /https?:\/\/[^\s]+\/api\/commerce\/downloads\/([A-Za-z0-9_-]{32})/.exec(receipt!.body);
    expect(link, receipt!.body).not.toBeNull();
    return { buyer, order, receipt: receipt!, path: new URL(link![0]).pathname, token: link![1]! };
  }

  it('serves a product file publicly only until it becomes a digital product’s download', async () => {
    const path = new URL(file.assetUrl, 'http://x').pathname;
    expect((await new Shopper(app).get(path)).statusCode).toBe(200);
    await deliverFile();
    expect((await new Shopper(app).get(path)).statusCode).toBe(404);
  });

  it('names the products delivering a file in the file manager, and opens it for editors only', async () => {
    const delivered = await owner.call('GET', FILES_API.products(file.id));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().products).toEqual([
      { id: 'prod-sketch-pack', title: expect.stringContaining('Sketching'), enabled: true },
    ]);

    const original = await owner.call('GET', FILES_API.original(file.id));
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(PDF)).toBe(true);
    expect(original.headers).toMatchObject({
      'cache-control': 'private, no-store',
      'content-disposition': "attachment; filename*=UTF-8''brushes.pdf",
      'x-content-type-options': 'nosniff',
    });

    const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
    expect((await viewer.call('GET', FILES_API.products(file.id))).statusCode).toBe(200);
    const refused = await viewer.call('GET', FILES_API.original(file.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('%PDF');
    for (const path of [FILES_API.products(file.id), FILES_API.original(file.id)]) {
      const visitor = await new Shopper(app).get(path);
      expect(visitor.statusCode, path).toBe(401);
      expect(visitor.body).not.toContain('%PDF');
    }
    expect((await owner.call('GET', FILES_API.original('file-nope'))).statusCode).toBe(404);
    // Still not public: only the owner's call and a buyer's link reach it.
    expect((await new Shopper(app).get(new URL(file.assetUrl, 'http://x').pathname)).statusCode).toBe(404);

    const { payload, contentType } = await multipart('notes.pdf', PDF, 'application/pdf');
    const other = (await owner.call('POST', FILES_API.files, payload, { 'content-type': contentType })).json()
      .files[0];
    expect((await owner.call('GET', FILES_API.products(other.id))).json().products).toEqual([]);
  });

  it('sends the buyer a link in the receipt and on the confirmation page that downloads the file', async () => {
    const { buyer, order, receipt, path } = await buy();
    expect(receipt.body).toContain(`${DEFAULT_PER_UNIT} downloads, until`);
    expect(receipt.html).toContain(path);
    const page = await buyer.get(`/checkout/order-confirmed?orderId=${order.id}&token=${order.accessToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(path);
    expect(page.body).toContain(`${DEFAULT_PER_UNIT} downloads left`);
    const res = await new Shopper(app).get(path);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''brushes.pdf");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('counts downloads: racing requests never pass the limit, then the link says it is used up', async () => {
    const { path } = await buy(2);
    const limit = DEFAULT_PER_UNIT * 2;
    const answers = await Promise.all(Array.from({ length: limit + 4 }, () => new Shopper(app).get(path)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual([410, 410, 410, 410]);
    expect(refused[0]!.json().error.message).toBe(downloadMessages.usedUp.replace('{max}', String(limit)));
  });

  it("refuses the link on another site's host", async () => {
    const created = await new Shopper(app).post('/api/sites', {
      email: 'owner-a@example.com',
      password: 'alpha owner pass 2026',
      title: 'Alpha',
      slug: 'alpha',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { path } = await buy();
    const res = await new Shopper(app, 'alpha.sites.test').get(path);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(downloadMessages.notFound);
    expect((await new Shopper(app).get(path)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { token, path } = await buy();
    await database.db
      .update(digitalDownloads)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(digitalDownloads.token, token));
    const res = await new Shopper(app).get(path);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toBe(downloadMessages.expired);
  });

  it('refuses the link of a refunded line', async () => {
    const { order, path } = await buy();
    const detail = await owner.call('GET', STORE_API.order(order.id));
    const line = detail.json().lines[0];
    expect(
      (await owner.call('POST', STORE_API.refundLine(order.id), { orderItemId: line.id, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const res = await new Shopper(app).get(path);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toBe(downloadMessages.refunded);
  });

  it.each([
    ['a made-up token', 'A'.repeat(32), 404, downloadMessages.notFound],
    ['a short token', 'abc', 404, downloadMessages.notFound],
    // The app's input hygiene or the router refuses these before the route runs.
    ['a NUL byte', `${'A'.repeat(31)}%00`, 400, undefined],
    ['a lone surrogate', `${'A'.repeat(31)}%ED%A0%80`, 400, undefined],
    ['a huge token', 'A'.repeat(5000), 404, undefined],
  ])('refuses %s with a clear 4xx and serves nothing', async (_name, token, status, message) => {
    const res = await new Shopper(app).get(`/api/commerce/downloads/${token}`);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    expect(res.body).not.toContain('%PDF');
  });

  describe('with the download limits the owner set', () => {
    const setLimits = (limits: Record<string, unknown>) =>
      owner.call('PUT', STORE_API.commercePreferences('downloads'), limits);
    const grantOf = async (token: string) =>
      (await database.db.select().from(digitalDownloads).where(eq(digitalDownloads.token, token)))[0]!;
    const fetchAll = (path: string, n: number) =>
      Promise.all(Array.from({ length: n }, () => new Shopper(app).get(path)));
    afterAll(async () => {
      expect((await setLimits({})).statusCode).toBe(200);
    });

    it('refuses limits out of range, and an empty field goes back to the default', async () => {
      for (const [limits, message] of [
        [{ downloadsPerUnit: 0 }, adminMessages.downloadsPerUnitRange],
        [{ downloadsPerUnit: 101 }, adminMessages.downloadsPerUnitRange],
        [{ downloadsPerUnit: 2.5 }, adminMessages.downloadsPerUnitRange],
        [{ downloadsPerUnit: 'lots' }, adminMessages.downloadsPerUnitRange],
        [{ linkDays: 0 }, adminMessages.linkDaysRange],
        [{ linkDays: 366 }, adminMessages.linkDaysRange],
        [{ linkDays: 7, expiresSoon: true }, undefined],
      ] as const) {
        const res = await setLimits(limits);
        expect(res.statusCode, JSON.stringify(limits)).toBe(400);
        if (message) expect(res.json().error.message).toBe(message);
      }
      expect((await setLimits({ downloadsPerUnit: 100, linkDays: '' })).json()).toEqual({
        downloadsPerUnit: 100,
      });
      expect((await owner.call('GET', STORE_API.commercePreferences('downloads'))).json()).toEqual({
        downloadsPerUnit: 100,
      });
    });

    it('issues links with the new count and days, and counts against them', async () => {
      expect((await setLimits({ downloadsPerUnit: 2, linkDays: 7 })).json()).toEqual({
        downloadsPerUnit: 2,
        linkDays: 7,
      });
      const { buyer, order, receipt, path, token } = await buy(3);
      const grant = await grantOf(token);
      expect(grant.maxDownloads).toBe(6);
      expect(Math.abs(grant.expiresAt!.getTime() - grant.createdAt.getTime() - 7 * DAY_MS)).toBeLessThan(
        60_000,
      );
      const until = grant.expiresAt!.toISOString().slice(0, 10);
      expect(receipt.body).toContain(`6 downloads, until ${until}`);
      const page = await buyer.get(
        `/checkout/order-confirmed?orderId=${order.id}&token=${order.accessToken}`,
      );
      expect(page.body).toContain(`6 downloads left, until ${until}`);

      const answers = await fetchAll(path, 8);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
      expect(answers.filter((a) => a.statusCode === 410)[0]!.json().error.message).toBe(
        downloadMessages.usedUp.replace('{max}', '6'),
      );
    });

    it('issues unlimited links when the owner allows them; links issued before keep their terms', async () => {
      expect((await setLimits({ downloadsPerUnit: 1, linkDays: 30 })).statusCode).toBe(200);
      const before = await buy();
      expect((await setLimits({ downloadsPerUnit: 'unlimited', linkDays: 'unlimited' })).json()).toEqual({
        downloadsPerUnit: 'unlimited',
        linkDays: 'unlimited',
      });
      const { buyer, order, receipt, path, token } = await buy();
      expect(await grantOf(token)).toMatchObject({ maxDownloads: null, expiresAt: null });
      expect(receipt.body).toContain('Unlimited downloads, no expiry date');
      const page = await buyer.get(
        `/checkout/order-confirmed?orderId=${order.id}&token=${order.accessToken}`,
      );
      expect(page.body).toContain('Unlimited downloads, no expiry date');
      const answers = await fetchAll(path, DEFAULT_PER_UNIT + 3);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(DEFAULT_PER_UNIT + 3).fill(200));
      await database.db
        .update(digitalDownloads)
        .set({ createdAt: sql`now() - interval '10 years'` })
        .where(eq(digitalDownloads.token, token));
      expect((await new Shopper(app).get(path)).statusCode).toBe(200);

      // The link bought under "1 download" still allows one.
      const earlier = await fetchAll(before.path, 3);
      expect(earlier.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
    });
  });

  it('says the file is gone when the owner deleted it, and does not count the attempt', async () => {
    const { token, path } = await buy();
    await database.db
      .update(products)
      .set({ details: sql`${products.details} - 'digitalFileId'` })
      .where(eq(products.id, 'prod-sketch-pack'));
    expect((await owner.call('DELETE', `${FILES_API.files}/${file.id}`)).statusCode).toBeLessThan(300);
    const res = await new Shopper(app).get(path);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toBe(downloadMessages.fileGone);
    const [grant] = await database.db
      .select()
      .from(digitalDownloads)
      .where(eq(digitalDownloads.token, token));
    expect(grant!.downloadCount).toBe(0);
  });

  it('shows editors an image a digital product delivers through a guarded preview, at most 500w, never its public address', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2040c0' } })
      .png()
      .toBuffer();
    const { payload, contentType } = await multipart('harbour.png', png, 'image/png');
    const image = (await owner.call('POST', FILES_API.files, payload, { 'content-type': contentType })).json()
      .files[0] as FileView;
    await expect
      .poll(async () => (await owner.call('GET', FILES_API.file(image.id))).json().status, {
        timeout: 20_000,
      })
      .toBe('complete');
    expect((await owner.call('GET', FILES_API.file(image.id))).json().previewUrl).toBe(image.assetUrl);

    const listed = await owner.call('GET', `${STORE_API.products}?q=Sketching`);
    const product = listed.json().products.find((p: { id: string }) => p.id === 'prod-sketch-pack');
    expect(
      (
        await owner.call('PUT', STORE_API.product('prod-sketch-pack'), {
          ...product,
          digitalFileId: image.id,
        })
      ).statusCode,
    ).toBe(200);

    const item = (await owner.call('GET', `${FILES_API.files}?limit=50`))
      .json()
      .items.find((f: FileView) => f.id === image.id) as FileView;
    expect(item.previewUrl).toBe(FILES_API.preview(image.id));
    expect((await owner.call('GET', FILES_API.file(image.id))).json().previewUrl).toBe(
      FILES_API.preview(image.id),
    );
    expect(
      (await new Shopper(app).get(`${new URL(image.assetUrl, 'http://x').pathname}?format=100w`)).statusCode,
    ).toBe(404);

    const viewer = await new EditorClient(app).signIn(DEMO_VIEWER);
    const small = await viewer.call('GET', `${FILES_API.preview(image.id)}?format=100w`);
    expect(small.statusCode, small.body).toBe(200);
    expect(small.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, max-age=300',
    });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(100);
    expect((await owner.call('GET', `${FILES_API.preview(image.id)}?format=500w`)).statusCode).toBe(200);
    for (const format of ['750w', 'original', '']) {
      expect(
        (await owner.call('GET', `${FILES_API.preview(image.id)}?format=${format}`)).statusCode,
        format,
      ).toBe(404);
    }
    // A NUL byte is refused before any route sees it.
    expect((await owner.call('GET', `${FILES_API.preview(image.id)}?format=100w%00`)).statusCode).toBe(400);
    expect((await new Shopper(app).get(`${FILES_API.preview(image.id)}?format=100w`)).statusCode).toBe(401);
    expect((await owner.call('GET', `${FILES_API.preview('file-nope')}?format=100w`)).statusCode).toBe(404);
  });
});
