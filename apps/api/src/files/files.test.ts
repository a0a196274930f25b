import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileMessages, STORABLE_TEXT_MESSAGE, type FileView } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { files } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { createJobQueue } from '../jobs';
import { createDiskStorage } from './storage';

const targets = await databaseTargets();
const FILES = '/api/editor/files';

interface Part {
  name: string;
  body: Buffer;
  type?: string;
}

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const p of parts)
    form.append(
      'file',
      new Blob([new Uint8Array(p.body)], { type: p.type ?? 'application/octet-stream' }),
      p.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .composite([
      {
        input: { create: { width: Math.ceil(width / 2), height, channels: 3, background: '#2040c0' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#30a060' } })
    .jpeg()
    .toBuffer();

/** A PNG whose header claims `width`×`height` but whose pixels are a single one: a decompression bomb. */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const small = Buffer.from(await png(1, 1));
  // IHDR's data starts after the 8-byte signature, 4-byte length and 4-byte type.
  small.writeUInt32BE(width, 16);
  small.writeUInt32BE(height, 20);
  small.writeUInt32BE(crc32(small.subarray(12, 29)), 29);
  return small;
}

/**
 * A multipart body with the Content-Disposition's file name parameter given as raw bytes, as a
 * hand-made or hostile client sends it (FormData would escape or re-encode it).
 */
function rawMultipart(
  filenameParam: Buffer | string,
  body: Buffer,
): { payload: Buffer; contentType: string } {
  const boundary = '----site-test-boundary-7d1b';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; `),
    Buffer.isBuffer(filenameParam) ? filenameParam : Buffer.from(filenameParam),
    Buffer.from('\r\nContent-Type: image/png\r\n\r\n'),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a folder, so a refused upload can be shown to leave nothing behind. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

class Editor extends Shopper {
  xsrf = '';
  async signIn(login: { email: string; password: string }) {
    const res = await this.request('POST', '/api/site-users/account/session', {
      ...login,
      rememberMe: false,
    });
    expect(res.statusCode).toBe(200);
    this.xsrf = res.json().xsrfToken;
    return this;
  }
  async upload(parts: Part[]) {
    const { payload, contentType } = await multipart(parts);
    return this.request('POST', FILES, payload, {
      'content-type': contentType,
      'x-siteuser-xsrf-token': this.xsrf,
    });
  }
  patch(id: string, body: unknown) {
    return this.request('PATCH', `${FILES}/${id}`, body, { 'x-siteuser-xsrf-token': this.xsrf });
  }
  remove(id: string) {
    return this.request('DELETE', `${FILES}/${id}`, undefined, { 'x-siteuser-xsrf-token': this.xsrf });
  }
  /** Background processing finishes on its own; the test waits for it the way the editor does. */
  async settled(id: string): Promise<FileView> {
    for (let i = 0; i < 200; i++) {
      const file = (await this.get(`${FILES}/${id}`)).json() as FileView;
      if (file.status !== 'processing') return file;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`file ${id} still processing`);
  }
}

describe.each(targets)('file manager on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let root: string;
  let owner: Editor;
  let viewer: Editor;
  const storageDir = () => join(root, 'files');
  const stagingDir = () => join(root, 'staging');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'site-files-'));
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({
      database,
      files: {
        storage: createDiskStorage(storageDir()),
        stagingDir: stagingDir(),
        maxUploadBytes: 2_000_000,
      },
    });
    owner = await new Editor(app).signIn(DEMO_OWNER);
    viewer = await new Editor(app).signIn(DEMO_VIEWER);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('uploads several images at once, processes them in the background into srcset widths and serves the asked size', async () => {
    const res = await owner.upload([
      { name: 'Wide banner.png', body: await png(1200, 800), type: 'image/png' },
      { name: 'square.jpg', body: await jpeg(400, 400) },
    ]);
    expect(res.statusCode).toBe(201);
    const [banner, square] = res.json().files as FileView[];
    expect(banner).toMatchObject({
      name: 'Wide banner.png',
      contentType: 'image/png',
      originalSize: '1200x800',
      status: 'processing',
    });
    expect(square).toMatchObject({
      name: 'square.jpg',
      contentType: 'image/jpeg',
      originalSize: '400x400',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });

    const done = await owner.settled(banner!.id);
    expect(done.status).toBe('complete');
    // Never enlarged: 1500w and 2500w are left to the original.
    expect(done.systemDataVariants).toBe('1200x800,100w,300w,500w,750w,1000w');
    expect(done.colorData).toMatchObject({ topLeftAverage: '2040c0', topRightAverage: 'c82828' });
    expect((await owner.settled(square!.id)).systemDataVariants).toBe('400x400,100w,300w');

    const sized = await owner.get(`${done.assetUrl}?format=500w`);
    expect(sized.statusCode).toBe(200);
    expect(sized.headers['content-type']).toBe('image/png');
    expect(sized.headers['cache-control']).toContain('immutable');
    expect(sized.headers['content-security-policy']).toContain('sandbox');
    expect(await sharp(sized.rawPayload).metadata()).toMatchObject({
      width: 500,
      height: 333,
      format: 'png',
    });

    const above = await app.inject({ url: `${done.assetUrl}?format=1500w` });
    expect((await sharp(above.rawPayload).metadata()).width).toBe(1200);
    const original = await app.inject({ url: `${done.assetUrl}?format=original` });
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
  });

  it('File processing failed to complete: an image whose header reads but whose pixels are cut off ends failed, with no sizes left behind', async () => {
    const whole = await sharp(Buffer.alloc(400 * 300 * 3, 90), {
      raw: { width: 400, height: 300, channels: 3 },
    })
      .jpeg()
      .toBuffer();
    const res = await owner.upload([{ name: 'cut off.jpg', body: whole.subarray(0, whole.length >> 1) }]);
    // The header proves a 400×300 JPEG, so the upload is taken; only decoding finds the rest missing.
    expect(res.statusCode).toBe(201);
    const [cut] = res.json().files as FileView[];
    expect(cut).toMatchObject({ originalSize: '400x300', status: 'processing' });
    const settled = await owner.settled(cut!.id);
    expect(settled.status).toBe('failed');
    expect(settled.systemDataVariants).toBe('');
    const stored = readdirSync(storageDir(), { recursive: true })
      .map(String)
      .filter((f) => f.includes(`${cut!.id}/`));
    expect(stored.map((f) => f.split('/').at(-1))).toEqual(['original']);
  });

  it('processes on the durable job queue when the server has one', async () => {
    const queue = await createJobQueue(database, {
      pollSeconds: 0.5,
      retryDelaySeconds: 1,
      stopTimeoutMs: 1000,
      maintenance: false,
    });
    const queued = await buildApp({
      database,
      files: { storage: createDiskStorage(storageDir()), stagingDir: stagingDir(), jobs: queue },
    });
    try {
      const editor = await new Editor(queued).signIn(DEMO_OWNER);
      const [file] = (
        await editor.upload([
          {
            name: 'queued.webp',
            body: await sharp(await png(640, 480))
              .webp()
              .toBuffer(),
          },
        ])
      ).json().files as FileView[];
      expect(await editor.settled(file!.id)).toMatchObject({
        status: 'complete',
        systemDataVariants: '640x480,100w,300w,500w',
      });
    } finally {
      await queued.close();
      await queue.stop();
    }
  });

  it('serves the original, cached briefly, until the asked size exists', async () => {
    const [file] = (await owner.upload([{ name: 'early.png', body: await png(800, 600) }])).json()
      .files as FileView[];
    await owner.settled(file!.id);
    // As if the background work had not run yet.
    await database.db.update(files).set({ status: 'processing', widths: [] }).where(eq(files.id, file!.id));
    const res = await app.inject({ url: `${file!.assetUrl}?format=300w` });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
    await database.db.update(files).set({ status: 'complete' }).where(eq(files.id, file!.id));
  });

  it('keeps PDFs for File links, complete at once and served sandboxed', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await owner.upload([{ name: 'price list.pdf', body: pdf }]);
    expect(res.statusCode).toBe(201);
    const [file] = res.json().files as FileView[];
    expect(file).toMatchObject({ status: 'complete', contentType: 'application/pdf', originalSize: '' });
    const served = await app.inject({ url: file!.assetUrl });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe("inline; filename*=UTF-8''price%20list.pdf");
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('keeps MP3, WAV and Ogg audio for album tracks, proven by their first bytes; kind=audio lists only them', async () => {
    const wav = readFileSync(join(import.meta.dirname, '../../public/demo/tone-morning.wav'));
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64, 0)]);
    const bareMp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(64, 0)]);
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(64, 0)]);
    const res = await owner.upload([
      { name: 'tone.wav', body: wav },
      { name: 'song.mp3', body: mp3 },
      { name: 'frame.mp3', body: bareMp3 },
      { name: 'take.ogg', body: ogg },
    ]);
    expect(res.statusCode).toBe(201);
    const uploaded = res.json().files as FileView[];
    expect(uploaded.map((f) => [f.contentType, f.status])).toEqual([
      ['audio/wav', 'complete'],
      ['audio/mpeg', 'complete'],
      ['audio/mpeg', 'complete'],
      ['audio/ogg', 'complete'],
    ]);
    const served = await app.inject({ url: uploaded[0]!.assetUrl });
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(served.rawPayload.equals(wav)).toBe(true);
    const audio = (await owner.get(`${FILES}?kind=audio&limit=100`)).json();
    expect(audio.items.length).toBeGreaterThanOrEqual(4);
    expect(audio.items.every((f: FileView) => f.contentType.startsWith('audio/'))).toBe(true);
    expect((await owner.upload([{ name: 'fake.mp3', body: Buffer.from('plain words') }])).statusCode).toBe(
      415,
    );
  });

  describe('refuses bad uploads with a 4xx and leaves nothing behind', () => {
    const cases: [string, () => Promise<Part[]>, number, string][] = [
      [
        'an empty file',
        async () => [{ name: 'empty.png', body: Buffer.alloc(0) }],
        400,
        fileMessages.emptyFile,
      ],
      [
        'a type we do not keep',
        async () => [{ name: 'notes.txt', body: Buffer.from('hello') }],
        415,
        fileMessages.unsupportedType,
      ],
      [
        'text named .png',
        async () => [{ name: 'fake.png', body: Buffer.from('not an image at all') }],
        415,
        fileMessages.notWhatItSays('png'),
      ],
      [
        'an SVG (it can carry scripts)',
        async () => [
          {
            name: 'logo.svg',
            body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          },
        ],
        415,
        fileMessages.unsupportedType,
      ],
      [
        'a page of HTML named .jpg',
        async () => [{ name: 'photo.jpg', body: Buffer.from('<html><script>alert(1)</script></html>') }],
        415,
        fileMessages.notWhatItSays('jpg'),
      ],
      [
        'a GIF named .webp',
        async () => [
          {
            name: 'anim.webp',
            body: await sharp(await png(8, 8))
              .gif()
              .toBuffer(),
          },
        ],
        415,
        fileMessages.notWhatItSays('webp'),
      ],
      [
        'a JPEG named .png',
        async () => [{ name: 'photo.png', body: await jpeg(10, 10) }],
        415,
        fileMessages.notWhatItSays('png'),
      ],
      [
        'a file over the limit',
        async () => [{ name: 'big.png', body: Buffer.alloc(2_000_001, 1) }],
        413,
        fileMessages.tooLarge(2_000_000),
      ],
      [
        'a name with a path',
        async () => [{ name: '../../etc/evil.png', body: await png(10, 10) }],
        400,
        fileMessages.badNameCharacters,
      ],
      [
        'a name with a control character',
        async () => [{ name: 'bad\u0007name.png', body: await png(10, 10) }],
        400,
        fileMessages.badNameCharacters,
      ],
      [
        'a decompression bomb',
        async () => [{ name: 'bomb.png', body: await pngBomb(50_000, 50_000) }],
        413,
        fileMessages.tooManyPixels,
      ],
      [
        'a good file beside a bad one',
        async () => [
          { name: 'ok.png', body: await png(10, 10) },
          { name: 'empty.gif', body: Buffer.alloc(0) },
        ],
        400,
        fileMessages.emptyFile,
      ],
    ];

    const rowCount = async () => (await database.db.select({ id: files.id }).from(files)).length;

    it.each(cases)('%s', async (_label, parts, status, message) => {
      const before = filesUnder(storageDir());
      const rows = await rowCount();
      const res = await owner.upload(await parts());
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatchObject({ title: fileMessages.unableToUpload, message });
      expect(filesUnder(storageDir())).toEqual(before);
      expect(filesUnder(stagingDir())).toEqual([]);
      expect(await rowCount()).toBe(rows);
    });

    // File names as raw header bytes: what a browser never sends but a hand-made request can.
    const names: [string, Buffer | string, string][] = [
      ['a NUL byte', 'filename="bad\u0000name.png"', STORABLE_TEXT_MESSAGE],
      [
        'a lone surrogate (percent-encoded, RFC 5987)',
        "filename*=UTF-8''%ED%A0%80.png",
        STORABLE_TEXT_MESSAGE,
      ],
      [
        'bytes that are not UTF-8',
        Buffer.concat([Buffer.from('filename="'), Buffer.from([0xff, 0xfe]), Buffer.from('.png"')]),
        STORABLE_TEXT_MESSAGE,
      ],
      ['backslashes', 'filename="..\\..\\evil.png"', fileMessages.badNameCharacters],
      ['an escape character', 'filename="red\u001b[31m.png"', fileMessages.badNameCharacters],
      ['a DEL character', 'filename="del\u007f.png"', fileMessages.badNameCharacters],
      ['only a dot-dot', 'filename=".."', fileMessages.badNameCharacters],
      ['only spaces', 'filename="   "', fileMessages.enterFileName],
    ];

    it.each(names)('a file name with %s', async (_label, param, message) => {
      const before = filesUnder(storageDir());
      const rows = await rowCount();
      const { payload, contentType } = rawMultipart(param, await png(10, 10));
      const res = await owner.request('POST', FILES, payload, {
        'content-type': contentType,
        'x-siteuser-xsrf-token': owner.xsrf,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ title: fileMessages.unableToUpload, message });
      expect(filesUnder(storageDir())).toEqual(before);
      expect(filesUnder(stagingDir())).toEqual([]);
      expect(await rowCount()).toBe(rows);
    });

    it('keeps a name in UTF-8 exactly as written', async () => {
      const res = await owner.upload([{ name: 'Café ☕ 東京.png', body: await png(10, 10) }]);
      expect(res.statusCode).toBe(201);
      expect(res.json().files[0].name).toBe('Café ☕ 東京.png');
    });

    it('says the maximum size in megabytes of 1,000,000 bytes', () => {
      expect(fileMessages.tooLarge(1_000_000)).toBe('This file is too large. The maximum size is 1 MB.');
      expect(fileMessages.tooLarge(1_500_000)).toBe('This file is too large. The maximum size is 1.5 MB.');
      expect(fileMessages.tooLarge(2_000_000)).toBe('This file is too large. The maximum size is 2 MB.');
      expect(fileMessages.tooLarge(20_000_000)).toBe('This file is too large. The maximum size is 20 MB.');
    });

    it('a multipart body cut short', async () => {
      const before = filesUnder(storageDir());
      const { payload, contentType } = await multipart([{ name: 'cut.png', body: await png(300, 300) }]);
      const res = await owner.request('POST', FILES, payload.subarray(0, payload.length - 200), {
        'content-type': contentType,
        'x-siteuser-xsrf-token': owner.xsrf,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(fileMessages.uploadIncomplete);
      expect(filesUnder(storageDir())).toEqual(before);
      expect(filesUnder(stagingDir())).toEqual([]);
    });

    it('a call with no file in it', async () => {
      const res = await owner.request('POST', FILES, {}, { 'x-siteuser-xsrf-token': owner.xsrf });
      expect(res.statusCode).toBe(415);
    });
  });

  it('renames, sets alt text and focal point, refuses bad values and stale versions', async () => {
    const [file] = (await owner.upload([{ name: 'rename-me.png', body: await png(50, 50) }])).json()
      .files as FileView[];
    const id = file!.id;

    const empty = await owner.patch(id, { version: file!.version, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      title: fileMessages.unableToRename,
      message: fileMessages.enterFileName,
    });
    const slashed = await owner.patch(id, { version: file!.version, name: 'a/b.png' });
    expect(slashed.json().error).toMatchObject({
      title: fileMessages.unableToRename,
      message: fileMessages.badNameCharacters,
    });
    // NUL and lone surrogates never reach the route: the app's input hygiene refuses them first.
    for (const name of ['nul\u0000.png', 'lone\ud800.png']) {
      const refused = await owner.patch(id, { version: file!.version, name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('INVALID_TEXT');
    }
    for (const [name, message] of [
      ['broken\uFFFD.png', STORABLE_TEXT_MESSAGE],
      ['tab\there.png', fileMessages.badNameCharacters],
      ['back\\slash.png', fileMessages.badNameCharacters],
    ]) {
      const refused = await owner.patch(id, { version: file!.version, name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ title: fileMessages.unableToRename, message });
    }

    const renamed = await owner.patch(id, { version: file!.version, name: 'Storefront.png' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Storefront.png',
      version: file!.version + 1,
      assetUrl: `/files/${id}/Storefront.png`,
    });

    const stale = await owner.patch(id, { version: file!.version, altText: 'too late' });
    expect(stale.statusCode).toBe(409);

    const described = await owner.patch(id, {
      version: file!.version + 1,
      altText: 'Our shop front',
      mediaFocalPoint: { x: 0.25, y: 0.8 },
    });
    expect(described.json()).toMatchObject({
      altText: 'Our shop front',
      mediaFocalPoint: { x: 0.25, y: 0.8 },
    });
    expect(
      (await owner.patch(id, { version: file!.version + 2, mediaFocalPoint: { x: 1.5, y: 0 } })).statusCode,
    ).toBe(400);
    // The old name still reaches the bytes: published pages keep working after a rename.
    expect((await app.inject({ url: file!.assetUrl })).statusCode).toBe(200);
  });

  it('lists newest first with paging and a total', async () => {
    const all = (await owner.get(`${FILES}?limit=100`)).json();
    expect(all.maxUploadBytes).toBe(2_000_000);
    const page = (await owner.get(`${FILES}?limit=2&offset=1`)).json();
    expect(page).toMatchObject({ total: all.total, offset: 1, limit: 2 });
    expect(page.items.map((f: FileView) => f.id)).toEqual(all.items.slice(1, 3).map((f: FileView) => f.id));
    const images = (await owner.get(`${FILES}?kind=image&limit=100`)).json();
    expect(images.items.every((f: FileView) => f.contentType.startsWith('image/'))).toBe(true);
    expect(images.total).toBe(all.items.filter((f: FileView) => f.contentType.startsWith('image/')).length);
    expect((await owner.get(`${FILES}?limit=0`)).statusCode).toBe(400);
  });

  it('deletes a file and every stored size of it', async () => {
    const [file] = (await owner.upload([{ name: 'doomed.png', body: await png(600, 400) }])).json()
      .files as FileView[];
    await owner.settled(file!.id);
    expect(readdirSync(join(storageDir(), 'demo', file!.id)).sort()).toEqual([
      '100w',
      '300w',
      '500w',
      'original',
    ]);
    expect((await owner.remove(file!.id)).statusCode).toBe(204);
    expect(readdirSync(join(storageDir(), 'demo')).includes(file!.id)).toBe(false);
    expect((await owner.get(`${FILES}/${file!.id}`)).statusCode).toBe(404);
    expect((await app.inject({ url: file!.assetUrl })).statusCode).toBe(404);
    expect((await owner.remove(file!.id)).statusCode).toBe(404);
  });

  it('lets owners write, viewers read, and nobody else in', async () => {
    const anonymous = new Shopper(app);
    expect((await anonymous.get(FILES)).statusCode).toBe(401);
    const { payload, contentType } = await multipart([{ name: 'x.png', body: await png(10, 10) }]);
    expect(
      (await anonymous.request('POST', FILES, payload, { 'content-type': contentType })).statusCode,
    ).toBe(401);

    expect((await viewer.get(FILES)).statusCode).toBe(200);
    expect((await viewer.upload([{ name: 'x.png', body: await png(10, 10) }])).statusCode).toBe(403);
    const some = (await viewer.get(FILES)).json().items[0] as FileView;
    expect((await viewer.patch(some.id, { version: some.version, name: 'mine.png' })).statusCode).toBe(403);
    expect((await viewer.remove(some.id)).statusCode).toBe(403);

    // Signed in, but without the session's XSRF header: a forged cross-site write.
    const noToken = await owner.request('DELETE', `${FILES}/${some.id}`);
    expect(noToken.statusCode).toBe(403);
    expect((await owner.get(`${FILES}/${some.id}`)).statusCode).toBe(200);
  });
});
