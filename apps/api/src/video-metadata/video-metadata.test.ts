import { GALLERY_API, messages, type SiteImage, type VideoMetadata } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { startFakeOembed, type FakeOembed } from '../../test/fake-oembed';
import { buildApp } from '../app';
import { readConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { DEMO_OWNER, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';
import { videoMetadataFromConfig } from './from-config';
import { createLocalVideoProvider } from './local';
import { createOembedProvider } from './oembed';
import { VideoLookupError } from './provider';

describe('oEmbed adapter against a stand-in endpoint', () => {
  let fake: FakeOembed;
  beforeAll(async () => {
    fake = await startFakeOembed();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.mode = 'ok';
    fake.lookups.length = 0;
  });
  // Generous: the test machine is shared; the slow case waits out its own short limit.
  const provider = (timeoutMs = 5000) => createOembedProvider({ endpoint: fake.url, timeoutMs });
  const refusal = (url: string, host: VideoMetadata['host'] = 'vimeo', timeoutMs?: number) =>
    provider(timeoutMs)
      .lookup(url, host)
      .then(
        () => undefined,
        (err: unknown) => (err instanceof VideoLookupError ? [err.reason, err.message] : err),
      );

  it('reads the title and the https poster, and asks about the link it was given', async () => {
    expect(await provider().lookup('https://vimeo.com/76979871', 'vimeo')).toEqual({
      url: 'https://vimeo.com/76979871',
      host: 'vimeo',
      title: 'Workshop tour',
      poster: 'https://i.vimeocdn.com/video/452001751-640.jpg',
    });
    expect(fake.lookups).toEqual(['https://vimeo.com/76979871']);
  });

  it('drops a poster that is not https (the storefront loads outside pictures over https only)', async () => {
    const video = await provider().lookup('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube');
    expect(video).toMatchObject({ title: 'Glazing <b>pots</b>', poster: '' });
  });

  it.each<[string, string, [string, string]]>([
    ['basic-tier account', 'https://vimeo.com/11111111', ['basic-tier', messages.videoBasicTier]],
    ['unknown video', 'https://vimeo.com/404', ['not-found', messages.videoNotFound]],
  ])('a %s is refused in words', async (_, url, expected) => {
    expect(await refusal(url)).toEqual(expected);
  });

  it('the refusal is the spec’s sentence', () => {
    expect(messages.videoBasicTier).toBe('Video from a basic-tier video-host account is unsupported.');
  });

  it.each(['error', 'garbage', 'slow'] as const)('a host that answers %s is "unavailable"', async (mode) => {
    fake.mode = mode;
    expect(await refusal('https://vimeo.com/76979871', 'vimeo', mode === 'slow' ? 300 : undefined)).toEqual([
      'unavailable',
      messages.videoLookupFailed,
    ]);
  });

  it('an unreachable host is "unavailable"', async () => {
    const gone = createOembedProvider({ endpoint: 'http://127.0.0.1:9/oembed', timeoutMs: 300 });
    await expect(gone.lookup('https://vimeo.com/1', 'vimeo')).rejects.toMatchObject({
      reason: 'unavailable',
    });
  });
});

describe('local provider and the configuration', () => {
  it.each([
    ['https://vimeo.com/76979871', 'vimeo', 'Vimeo video 76979871'],
    ['https://www.youtube.com/watch?v=abc', 'youtube', 'YouTube video abc'],
    ['https://youtu.be/xyz', 'youtube', 'YouTube video xyz'],
  ] as const)('names %s from the link alone', async (url, host, title) => {
    expect(await createLocalVideoProvider().lookup(url, host)).toEqual({ url, host, title, poster: '' });
  });

  it.each([
    [{}, 'oembed'],
    [{ VIDEO_METADATA: 'local' }, 'local'],
    [{ VIDEO_METADATA: 'off' }, undefined],
  ] as const)('%o picks %s', (env, name) => {
    expect(videoMetadataFromConfig(readConfig(env))?.name).toBe(name);
  });

  it('refuses a setting it does not know', () => {
    expect(() => readConfig({ VIDEO_METADATA: 'vimeo' })).toThrow(/VIDEO_METADATA/);
  });
});

const targets = await databaseTargets();

describe.each(targets)('the gallery inspector’s calls on $name', (target) => {
  let database: DatabaseHandle;
  let fake: FakeOembed;
  let app: FastifyInstance;
  let owner: EditorClient;
  let viewer: EditorClient;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    fake = await startFakeOembed();
    app = await buildApp({
      database,
      writesPerMinute: 0,
      videoMetadata: createOembedProvider({ endpoint: fake.url }),
    });
    [owner, viewer] = await Promise.all([
      new EditorClient(app).signIn(DEMO_OWNER),
      new EditorClient(app).signIn(DEMO_VIEWER),
    ]);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await database?.close();
  });

  const lookUp = (url: unknown, client = owner) => client.call('POST', GALLERY_API.video, { url });

  it('answers a video’s title and poster', async () => {
    const res = await lookUp('https://vimeo.com/76979871');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Workshop tour', host: 'vimeo' });
  });

  it.each<[string, unknown, number, string]>([
    ['a basic-tier account', 'https://vimeo.com/11111111', 422, messages.videoBasicTier],
    ['an unknown video', 'https://vimeo.com/404', 422, messages.videoNotFound],
    ['another host', 'https://example.com/v/1', 400, messages.videoHostUnsupported],
    ['a number', 42, 400, ''],
    ['a NUL byte', 'https://vimeo.com/1\u0000', 400, ''],
  ])('refuses %s: %s', async (_, url, status, message) => {
    const res = await lookUp(url);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toContain(message);
  });

  it('says so when the host is down (502), never 500', async () => {
    fake.mode = 'error';
    const res = await lookUp('https://vimeo.com/76979871');
    fake.mode = 'ok';
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(messages.videoLookupFailed);
  });

  it('is for editing roles only', async () => {
    expect((await lookUp('https://vimeo.com/76979871', viewer)).statusCode).toBe(403);
    expect(
      (await new EditorClient(app).call('POST', GALLERY_API.video, { url: 'https://vimeo.com/1' }))
        .statusCode,
    ).toBe(401);
  });

  it('lists the site’s pictures once each, with where they are used', async () => {
    const res = await owner.get(GALLERY_API.siteImages);
    expect(res.statusCode, res.body).toBe(200);
    const images = res.json().images as SiteImage[];
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images.map((i) => i.src)).size).toBe(images.length);
    expect(images.some((i) => i.source.startsWith('Page: '))).toBe(true);
    expect(images.some((i) => i.source.startsWith('Product: '))).toBe(true);
  });
});
