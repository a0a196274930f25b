import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../blocks/registry';
import { renderDocument, documentReferences } from '../render/render-document';
import { PHOTO_FEED_LIMITS, parsePhotoFeed, photoFeedKey, photoFeedUrlSchema } from './photo-feed';

const FLICKR_RSS = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Uploads from jane</title>
    <item>
      <title>Harbour at dawn &amp; fog</title>
      <link>https://www.flickr.com/photos/jane/1/</link>
      <author>nobody@flickr.com ("Jane Doe")</author>
      <media:content url="https://live.staticflickr.com/1/1_b.jpg" type="image/jpeg" height="768" width="1024"/>
      <media:title>Harbour at dawn</media:title>
      <media:thumbnail url="https://live.staticflickr.com/1/1_s.jpg" height="75" width="75"/>
      <media:credit role="photographer">Jane Doe</media:credit>
    </item>
    <item>
      <title>Pier</title>
      <link>https://www.flickr.com/photos/jane/2/</link>
      <media:thumbnail url="https://live.staticflickr.com/2/2_s.jpg"/>
    </item>
    <item><title>A post without a picture</title><link>https://example.com/post</link></item>
  </channel>
</rss>`;

const ATOM = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Photos</title>
  <entry>
    <title type="html">Market</title>
    <link rel="alternate" type="text/html" href="https://photos.example/market"/>
    <link rel="enclosure" type="image/jpeg" href="https://photos.example/market.jpg"/>
    <author><name>Sam Lee</name></author>
  </entry>
  <entry>
    <title>Not a picture</title>
    <link rel="enclosure" type="audio/mpeg" href="https://photos.example/a.mp3"/>
  </entry>
</feed>`;

const RSS_ENCLOSURE = `<rss version="2.0"><channel><item><title>Shed</title><link>https://blog.example/shed</link>
<enclosure url="https://blog.example/shed.png" type="image/png" length="1234"/><dc:creator>Ann</dc:creator></item>
<item><title>Podcast</title><enclosure url="https://blog.example/ep.mp3" type="audio/mpeg" length="1"/></item>
</channel></rss>`;

const JSON_FEED = JSON.stringify({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Photos',
  authors: [{ name: 'Studio K' }],
  items: [
    { id: '1', url: 'https://k.example/1', title: 'Kiln', image: 'https://k.example/1.jpg' },
    {
      id: '2',
      title: 'Glaze',
      attachments: [{ url: 'https://k.example/2.webp', mime_type: 'image/webp' }],
      authors: [{ name: 'Kim' }],
    },
    { id: '3', title: 'Text only', content_text: 'no picture' },
  ],
});

describe('parsePhotoFeed', () => {
  it.each([
    [
      'a Flickr public RSS feed: media:content with its size, media:title, media:credit; the thumbnail when there is no media:content',
      FLICKR_RSS,
      [
        {
          title: 'Harbour at dawn',
          src: 'https://live.staticflickr.com/1/1_b.jpg',
          link: 'https://www.flickr.com/photos/jane/1/',
          credit: 'Jane Doe',
          width: 1024,
          height: 768,
        },
        {
          title: 'Pier',
          src: 'https://live.staticflickr.com/2/2_s.jpg',
          link: 'https://www.flickr.com/photos/jane/2/',
          credit: '',
        },
      ],
    ],
    [
      'Atom with an image enclosure link and the author',
      ATOM,
      [
        {
          title: 'Market',
          src: 'https://photos.example/market.jpg',
          link: 'https://photos.example/market',
          credit: 'Sam Lee',
        },
      ],
    ],
    [
      'RSS with image enclosures (audio ones skipped) and dc:creator',
      RSS_ENCLOSURE,
      [
        {
          title: 'Shed',
          src: 'https://blog.example/shed.png',
          link: 'https://blog.example/shed',
          credit: 'Ann',
        },
      ],
    ],
    [
      'JSON Feed: image, an image attachment, the feed author when the item has none',
      JSON_FEED,
      [
        { title: 'Kiln', src: 'https://k.example/1.jpg', link: 'https://k.example/1', credit: 'Studio K' },
        { title: 'Glaze', src: 'https://k.example/2.webp', link: '', credit: 'Kim' },
      ],
    ],
  ])('%s', (_name, body, items) => {
    expect(parsePhotoFeed(body)).toEqual({ ok: true, items });
  });

  it.each([
    ['malformed XML', '<rss><channel><item><title>x</item></channel></rss>', 'malformed'],
    ['an HTML page', '<!doctype html><html><body>hi</body></html>', 'malformed'],
    ['XML that is no feed', '<note><to>x</to></note>', 'malformed'],
    ['JSON that is no JSON Feed', '{"items":[]}', 'malformed'],
    ['broken JSON', '{"version":', 'malformed'],
    ['plain text', 'hello', 'malformed'],
    ['empty', '', 'malformed'],
    [
      'a feed of posts without pictures',
      '<rss><channel><item><title>a</title></item></channel></rss>',
      'no-pictures',
    ],
  ])('%s is refused as %s', (_name, body, problem) => {
    expect(parsePhotoFeed(body)).toEqual({ ok: false, problem });
  });

  it('keeps only http(s) picture and page addresses', () => {
    const body = `<rss><channel>
      <item><title>js</title><media:content url="javascript:alert(1)"/></item>
      <item><title>data</title><enclosure url="data:image/png;base64,AAAA" type="image/png"/></item>
      <item><title>rel</title><media:content url="/relative.jpg"/></item>
      <item><title>ok</title><link>javascript:alert(1)</link><media:content url="http://a.example/x.jpg"/></item>
    </channel></rss>`;
    expect(parsePhotoFeed(body)).toEqual({
      ok: true,
      items: [{ title: 'ok', src: 'http://a.example/x.jpg', link: '', credit: '' }],
    });
  });

  it('caps the items at a gallery’s size', () => {
    const items = Array.from(
      { length: 80 },
      (_, i) => `<item><title>${i}</title><media:content url="https://a.example/${i}.jpg"/></item>`,
    ).join('');
    const parsed = parsePhotoFeed(`<rss><channel>${items}</channel></rss>`);
    expect(parsed.ok && parsed.items.length).toBe(PHOTO_FEED_LIMITS.maxItems);
  });

  it('does not expand entity bombs without bound', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><rss><channel><item><title>&d;&d;&d;&d;&d;</title><media:content url="https://a.example/1.jpg"/></item></channel></rss>`;
    const parsed = parsePhotoFeed(bomb);
    if (parsed.ok) expect(parsed.items[0]!.title.length).toBeLessThanOrEqual(PHOTO_FEED_LIMITS.titleLength);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (body) => {
        parsePhotoFeed(body);
        parsePhotoFeed(`<rss><channel><item>${body}</item></channel></rss>`);
        parsePhotoFeed(`{"version":"https://jsonfeed.org/version/1.1","items":[${body}]}`);
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('keeps only http(s) pictures, at most the cap, whatever the feed holds', () => {
    const entry = fc.record({
      title: fc.string({ maxLength: 40 }),
      image: fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('javascript:x', 'data:,x', 'ftp://a/b', '')),
      link: fc.oneof(fc.webUrl(), fc.string()),
      author: fc.string(),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 70 }), (entries) => {
        const parsed = parsePhotoFeed(
          JSON.stringify({
            version: 'https://jsonfeed.org/version/1.1',
            items: entries.map((e) => ({
              title: e.title,
              image: e.image,
              url: e.link,
              author: { name: e.author },
            })),
          }),
        );
        if (!parsed.ok) return;
        expect(parsed.items.length).toBeLessThanOrEqual(PHOTO_FEED_LIMITS.maxItems);
        for (const item of parsed.items) {
          expect(item.src).toMatch(/^https?:\/\//);
          expect(item.link === '' || /^https?:\/\//.test(item.link)).toBe(true);
          expect(item.title.length).toBeLessThanOrEqual(PHOTO_FEED_LIMITS.titleLength);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('the gallery block with a photo feed', () => {
  const gallery = (photoFeed: unknown) => ({
    id: 'b1',
    type: 'gallery',
    settings: { design: 'grid', photoFeed },
  });
  const doc = (photoFeed: unknown) => ({
    version: 1 as const,
    sections: [{ id: 's1', blocks: [gallery(photoFeed)] }],
  });

  it('accepts only web addresses for the feed', () => {
    const schema = blockDefinition('gallery')!.settings;
    expect(
      schema.safeParse({ photoFeed: { url: 'https://www.flickr.com/services/feeds/photos_public.gne' } })
        .success,
    ).toBe(true);
    expect(photoFeedUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(photoFeedUrlSchema.safeParse('/feed.xml').success).toBe(false);
    expect(schema.parse({}).photoFeed).toBeNull();
  });

  it('names its feed among the document’s references, not its own images', () => {
    const url = 'https://Photos.example/feed.xml';
    expect(documentReferences(doc({ url }) as never).photoFeeds).toEqual([photoFeedKey(url)]);
    expect(documentReferences(doc(null) as never).photoFeeds).toEqual([]);
  });

  it('renders the feed’s pictures: lazy images, alt from titles, the credit linked to the photo page', () => {
    const url = 'https://photos.example/feed.xml';
    const parsed = parsePhotoFeed(FLICKR_RSS);
    if (!parsed.ok) throw new Error('fixture');
    const { html } = renderDocument(doc({ url }) as never, {
      products: new Map(),
      collections: new Map(),
      forms: new Map(),
      photoFeeds: new Map([[photoFeedKey(url), parsed.items]]),
    });
    expect(html).toContain('src="https://live.staticflickr.com/1/1_b.jpg"');
    expect(html).toContain('alt="Harbour at dawn" loading="lazy"');
    expect(html).toMatch(
      /Photo: Jane Doe \/ <a href="https:\/\/www.flickr.com\/photos\/jane\/1\/" rel="noopener">flickr.com<\/a><\/small>/,
    );
    expect(html).not.toContain('tote.svg');
  });

  it('shows the empty gallery while the feed has not been fetched', () => {
    const { html } = renderDocument(doc({ url: 'https://photos.example/feed.xml' }) as never, {
      products: new Map(),
      collections: new Map(),
      forms: new Map(),
    });
    expect(html).toContain('Add images to this gallery');
  });
});
