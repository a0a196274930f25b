import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, isStorableText } from '../text';
import type { GalleryImageInput } from './gallery-view';

/**
 * Photo-service galleries (platform.md §3, "Max photo-service galleries": 20 a site). A gallery
 * can show the pictures of a public feed instead of pictures the owner adds one by one: RSS or
 * Atom with `media:content`, `media:thumbnail` or enclosures (a Flickr public feed is one), or a
 * JSON Feed. The server fetches the feed (apps/api/src/photo-feeds) and keeps the items of its
 * last good fetch; pages show those.
 */
export const PHOTO_FEED_LIMITS = {
  /** Feeds a site's galleries may name (platform.md §3). */
  maxFeedsPerSite: 20,
  /** Items kept of one feed: as many as a gallery holds. */
  maxItems: LIMITS.maxGalleryImages,
  /** The largest feed body read; a bigger one is refused, not cut (a cut XML is malformed). */
  maxBytes: 2 * 1024 * 1024,
  /** How long a fetch may take, connection to last byte. */
  timeoutSeconds: 10,
  /** How often the periodic job fetches every feed again. */
  refreshMinutes: 60,
  titleLength: LIMITS.maxShortText,
  creditLength: 120,
} as const;

/** A feed's address: a public web address (the server also refuses private networks). */
export const photoFeedUrlSchema = href(LIMITS.maxUrlLength, messages.photoFeedUrlInvalid).refine(
  (v) => v === '' || /^https?:\/\//i.test(v),
  messages.photoFeedUrlInvalid,
);

/**
 * The gallery's source when it is a feed; `null` while the gallery shows the owner's own items.
 * An empty url is the choice made with the address still to write: the gallery shows nothing.
 */
export const galleryPhotoFeedSchema = z.object({ url: photoFeedUrlSchema.default('') }).nullable();
export type GalleryPhotoFeed = z.infer<typeof galleryPhotoFeedSchema>;

/** One picture of a feed as the server keeps it and pages show it. */
export const photoFeedItemSchema = z.object({
  title: z.string(),
  /** The picture itself: an http(s) address. */
  src: z.string(),
  /** The picture's page on the photo service; empty when the feed gives none. */
  link: z.string(),
  /** Who made it, as the feed names them; empty when it does not. */
  credit: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type PhotoFeedItem = z.infer<typeof photoFeedItemSchema>;

export type PhotoFeedParse =
  { ok: true; items: PhotoFeedItem[] } | { ok: false; problem: 'malformed' | 'no-pictures' };

/** A web address to keep: absolute, http(s), within the length limit; undefined otherwise. */
function webAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > LIMITS.maxUrlLength || !isStorableText(trimmed)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.href.length > LIMITS.maxUrlLength) return undefined;
  return parsed.href;
}

/** Text of an XML node or JSON value: a string, a number, or an element's `#text`. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (value && typeof value === 'object' && '#text' in value)
    return textOf((value as Record<string, unknown>)['#text']);
  return '';
}

/** Plain one-line text of at most `max` characters, storable in PostgreSQL. */
function plain(value: unknown, max: number): string {
  const line = textOf(value)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = Array.from(line).slice(0, max).join('');
  return isStorableText(cut) ? cut : '';
}

function dimension(value: unknown): number | undefined {
  const n = Number(textOf(value));
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : undefined;
}

const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function item(
  title: unknown,
  image: { src: unknown; width?: unknown; height?: unknown } | undefined,
  link: unknown,
  credit: unknown,
): PhotoFeedItem | undefined {
  const src = webAddress(image?.src);
  if (!src) return undefined;
  const width = dimension(image?.width);
  const height = dimension(image?.height);
  return {
    title: plain(title, PHOTO_FEED_LIMITS.titleLength),
    src,
    link: webAddress(link) ?? '',
    credit: plain(credit, PHOTO_FEED_LIMITS.creditLength),
    ...(width && height ? { width, height } : {}),
  };
}

const isImageType = (type: unknown) => typeof type === 'string' && type.toLowerCase().startsWith('image/');

/** The picture of an RSS item or Atom entry: media:content, then enclosures, then the thumbnail. */
function xmlImage(entry: Record<string, unknown>) {
  const contents = [
    ...list(entry['media:content']),
    ...list(entry['media:group']).flatMap((g) => list(record(g)['media:content'])),
  ].map(record);
  const media = contents.find((c) => {
    const medium = c['@_medium'];
    const type = c['@_type'];
    if (medium !== undefined) return medium === 'image';
    return type === undefined || isImageType(type);
  });
  if (media) return { src: media['@_url'], width: media['@_width'], height: media['@_height'] };
  const enclosure = list(entry.enclosure)
    .map(record)
    .find((e) => isImageType(e['@_type']));
  if (enclosure) return { src: enclosure['@_url'] };
  const atomEnclosure = list(entry.link)
    .map(record)
    .find((l) => l['@_rel'] === 'enclosure' && isImageType(l['@_type']));
  if (atomEnclosure) return { src: atomEnclosure['@_href'] };
  const thumbnail = [
    ...list(entry['media:thumbnail']),
    ...list(entry['media:group']).flatMap((g) => list(record(g)['media:thumbnail'])),
  ].map(record)[0];
  if (thumbnail)
    return { src: thumbnail['@_url'], width: thumbnail['@_width'], height: thumbnail['@_height'] };
  return undefined;
}

/** An Atom entry's page: its `alternate` link (or a link without rel); RSS's `<link>` text. */
function xmlLink(entry: Record<string, unknown>): unknown {
  for (const link of list(entry.link)) {
    if (typeof link === 'string') return link;
    const l = record(link);
    if (l['@_href'] !== undefined && (l['@_rel'] === undefined || l['@_rel'] === 'alternate'))
      return l['@_href'];
    if (l['#text'] !== undefined) return l['#text'];
  }
  return undefined;
}

function xmlCredit(entry: Record<string, unknown>): unknown {
  const author = record(list(entry.author)[0]);
  return (
    textOf(entry['media:credit']) ||
    textOf(entry['dc:creator']) ||
    textOf(author.name) ||
    textOf(list(entry.author)[0])
  );
}

const ARRAYS = new Set([
  'item',
  'entry',
  'link',
  'enclosure',
  'media:content',
  'media:thumbnail',
  'media:group',
]);

function parseXml(body: string): PhotoFeedParse {
  if (XMLValidator.validate(body) !== true) return { ok: false, problem: 'malformed' };
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => ARRAYS.has(name),
  });
  const root = record(parser.parse(body));
  const rss = record(root.rss);
  const entries = [
    ...list(record(rss.channel).item),
    ...list(record(root.feed).entry),
    ...list(record(root['rdf:RDF']).item),
  ];
  if (!('rss' in root) && !('feed' in root) && !('rdf:RDF' in root))
    return { ok: false, problem: 'malformed' };
  return collect(
    entries.map((raw) => {
      const entry = record(raw);
      return item(entry['media:title'] ?? entry.title, xmlImage(entry), xmlLink(entry), xmlCredit(entry));
    }),
  );
}

function parseJsonFeed(body: string): PhotoFeedParse {
  let feed: Record<string, unknown>;
  try {
    feed = record(JSON.parse(body));
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (typeof feed.version !== 'string' || !feed.version.startsWith('https://jsonfeed.org/version/'))
    return { ok: false, problem: 'malformed' };
  const feedAuthor = record(list(feed.authors)[0] ?? feed.author).name;
  return collect(
    list(feed.items).map((raw) => {
      const entry = record(raw);
      const attachment = list(entry.attachments)
        .map(record)
        .find((a) => isImageType(a.mime_type));
      const src = entry.image ?? attachment?.url ?? entry.banner_image;
      const author = record(list(entry.authors)[0] ?? entry.author).name ?? feedAuthor;
      return item(entry.title, { src }, entry.url ?? entry.external_url, author);
    }),
  );
}

function collect(found: (PhotoFeedItem | undefined)[]): PhotoFeedParse {
  const items = found.filter((i): i is PhotoFeedItem => i !== undefined).slice(0, PHOTO_FEED_LIMITS.maxItems);
  return items.length ? { ok: true, items } : { ok: false, problem: 'no-pictures' };
}

/**
 * The pictures of a feed (RSS 2.0, RSS 1.0, Atom or JSON Feed), at most
 * `PHOTO_FEED_LIMITS.maxItems`, each with an http(s) picture address; entries without a picture
 * are skipped. Never throws: anything that is not such a feed is `malformed`.
 */
export function parsePhotoFeed(body: string): PhotoFeedParse {
  try {
    const text = body.replace(/^\uFEFF/, '').trim();
    if (text.startsWith('{')) return parseJsonFeed(text);
    if (text.startsWith('<')) return parseXml(text);
    return { ok: false, problem: 'malformed' };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}

/** The editor's calls for a feed gallery (ours). */
export const PHOTO_FEED_API = {
  /** GET ?url=: what the site holds of a feed; POST {url}: fetch it now. */
  feed: '/api/editor/gallery/photo-feed',
} as const;

export const photoFeedRequestSchema = z.object({
  url: photoFeedUrlSchema.refine((v) => v !== '', messages.photoFeedMissing),
});

/** What the inspector shows of a feed: its last good items, when, and the last failure. */
export const photoFeedStatusSchema = z.object({
  url: z.string(),
  items: z.array(photoFeedItemSchema),
  /** The last good fetch (ISO); null before the first. */
  fetchedAt: z.string().nullable(),
  /** The last fetch's failure in the owner's words; null when it succeeded. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type PhotoFeedStatus = z.infer<typeof photoFeedStatusSchema>;

/** The one spelling a feed's address is kept and looked up under; '' when it is not a web address. */
export function photoFeedKey(url: string): string {
  return webAddress(url) ?? '';
}

/** The gallery's feed as pictures: what visitors see (the title is the alt text, the credit linked). */
export function shownPhotoFeedItems(items: readonly PhotoFeedItem[]): GalleryImageInput[] {
  return items.map((entry) => {
    let source: { url: string; name: string } | undefined;
    if (entry.link) {
      try {
        source = { url: entry.link, name: new URL(entry.link).hostname.replace(/^www\./, '') };
      } catch {
        source = undefined;
      }
    }
    return {
      src: entry.src,
      alt: entry.title || messages.photoFeedAlt,
      title: entry.title,
      description: '',
      href: entry.link || undefined,
      credit: entry.credit ? { creator: entry.credit, source } : undefined,
    };
  });
}
