import { createServer } from 'node:http';

/** A video the stand-in knows, answered as YouTube's and Vimeo's oEmbed endpoints answer. */
export interface FakeVideo {
  url: string;
  title: string;
  thumbnail_url?: string;
  /** Vimeo's uploader plan; YouTube sends none. */
  account_type?: string;
}

export const FAKE_VIDEOS: FakeVideo[] = [
  {
    url: 'https://vimeo.com/76979871',
    title: 'Workshop tour',
    thumbnail_url: 'https://i.vimeocdn.com/video/452001751-640.jpg',
    account_type: 'pro',
  },
  { url: 'https://vimeo.com/11111111', title: 'Garage cut', account_type: 'basic' },
  {
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    title: 'Glazing <b>pots</b>',
    thumbnail_url: 'http://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  },
];

export interface FakeOembed {
  url: string;
  /** The `url` parameter of every lookup, in order. */
  lookups: string[];
  /** `ok`: answers; `error`: 500; `garbage`: 200 with HTML; `slow`: never answers. */
  mode: 'ok' | 'error' | 'garbage' | 'slow';
  close(): Promise<void>;
}

/** An oEmbed endpoint on this machine (the tests have no internet): 404 for a video it does not know. */
export async function startFakeOembed(videos: FakeVideo[] = FAKE_VIDEOS): Promise<FakeOembed> {
  const fake: FakeOembed = { url: '', lookups: [], mode: 'ok', close: async () => {} };
  const server = createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('url') ?? '';
    fake.lookups.push(asked);
    if (fake.mode === 'slow') return;
    if (fake.mode === 'error') return void res.writeHead(500).end('oops');
    if (fake.mode === 'garbage')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
    const video = videos.find((v) => v.url === asked);
    if (!video) return void res.writeHead(404).end('Not Found');
    const { url: _, ...answer } = video;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'video', version: '1.0', html: '<iframe src="x"></iframe>', ...answer }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  fake.url = `http://127.0.0.1:${address.port}/oembed`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
