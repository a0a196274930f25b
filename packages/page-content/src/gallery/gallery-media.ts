import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, text } from '../text';

/**
 * platform.md §3 "Gallery media types". What each one is in this product:
 * - imageEmpty: a slot the owner fills later (a planned picture, its caption written first); never
 *   shown to visitors.
 * - imageFile: a picture by its address: an upload from the file manager or any https/site image.
 * - imageReused: a copy of a picture already on the site (a page's block or a product), picked
 *   from the list the editor offers; `source` remembers where it came from.
 * - assetReused: a file of the site's file library, kept by id: its address and alt text follow
 *   the library (renamed, re-described), and a file deleted from the library leaves the gallery.
 * - imageLicensed: a picture the owner uses under someone else's licence (a stock photo, a
 *   photographer's work): the owner enters the licence facts (who made it, where it comes from,
 *   the licence and whether it asks for credit). Where credit is required visitors see a credit
 *   line under the picture and in the lightbox; the alt text stays a description of the picture.
 *   The product sells no licences: it keeps and shows what the owner was granted.
 * - video: a YouTube or Vimeo link shown as its poster; it plays in the lightbox or in its slide.
 */
export const GALLERY_MEDIA_TYPES = [
  'imageEmpty',
  'imageFile',
  'imageReused',
  'assetReused',
  'imageLicensed',
  'video',
] as const;
export type GalleryMediaType = (typeof GALLERY_MEDIA_TYPES)[number];

/** How the editor names each type to an owner. */
export const GALLERY_MEDIA_LABELS: Record<GalleryMediaType, string> = {
  imageEmpty: 'Empty slot',
  imageFile: 'Image',
  imageReused: 'Image from your site',
  assetReused: 'File from your library',
  imageLicensed: 'Licensed image',
  video: 'Video',
};

const url = href(LIMITS.maxUrlLength, messages.invalidLink);
const caption = {
  alt: text(250).default(''),
  title: text(LIMITS.maxShortText).default(''),
  description: text(LIMITS.maxShortText).default(''),
};
const fileId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, messages.galleryFileMissing);

/** An uploaded file's address (`/files/<id>/<name>`) gives its id. */
export function uploadedFileId(src: string): string | undefined {
  return /^\/files\/([A-Za-z0-9_-]{1,64})\//.exec(src)?.[1];
}

/** Turns a YouTube or Vimeo page address into its player address; other hosts are not embedded. */
export function videoPlayerUrl(address: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  if (host === 'youtube.com' && parsed.searchParams.get('v'))
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(parsed.searchParams.get('v')!)}`;
  if (host === 'youtu.be' && parsed.pathname.length > 1)
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(parsed.pathname.slice(1))}`;
  if (host === 'vimeo.com' && /^\/\d+$/.test(parsed.pathname))
    return `https://player.vimeo.com/video${parsed.pathname}`;
  return undefined;
}

/** Which video host a link is on, for the metadata lookup; undefined when it is neither. */
export function videoHostOf(address: string): 'youtube' | 'vimeo' | undefined {
  const player = videoPlayerUrl(address);
  if (!player) return undefined;
  return player.startsWith('https://player.vimeo.com/') ? 'vimeo' : 'youtube';
}

const videoUrl = url.refine((v) => videoHostOf(v) !== undefined, messages.videoHostUnsupported);
/** Posters come from the video host over https (the site's pages allow https images). */
const posterUrl = href(LIMITS.maxUrlLength, messages.invalidLink).refine(
  (v) => v === '' || v.startsWith('https://'),
  messages.invalidLink,
);

/** A licence's or a source's page: only web addresses, as visitors follow them off the site. */
const webUrl = href(LIMITS.maxUrlLength, messages.licenceLinkInvalid).refine(
  (v) => v === '' || /^https?:\/\//i.test(v),
  messages.licenceLinkInvalid,
);

/** How long the licence facts may be: a person's or studio's name, a licence's name. */
export const LICENCE_LIMITS = { creator: 120, licence: 80 } as const;

const licensedImage = z
  .object({
    type: z.literal('imageLicensed'),
    src: url.min(1, messages.galleryImageMissing),
    /** Who made the picture, as the credit names them. */
    creator: text(LICENCE_LIMITS.creator, messages.licenceCreatorTooLong(LICENCE_LIMITS.creator)).default(''),
    /** The picture's page where it was found (Unsplash, Pexels, the photographer's site). */
    sourceUrl: webUrl.default(''),
    /** The licence's name as its owner writes it: "CC BY 4.0", "CC0", "Unsplash License". */
    licence: text(LICENCE_LIMITS.licence, messages.licenceNameTooLong(LICENCE_LIMITS.licence))
      .trim()
      .min(1, messages.licenceNameMissing),
    licenceUrl: webUrl.default(''),
    /** Whether the licence asks for credit; when it does, visitors see the credit line. */
    creditRequired: z.boolean().default(true),
    ...caption,
  })
  .refine((item) => !item.creditRequired || item.creator.trim() !== '', {
    message: messages.licenceCreatorMissing,
    path: ['creator'],
  });

export const galleryItemSchema = z.preprocess(
  // Galleries saved before media types held plain pictures.
  (value) =>
    value && typeof value === 'object' && !('type' in value) ? { ...value, type: 'imageFile' } : value,
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('imageEmpty'), ...caption }),
    z.object({ type: z.literal('imageFile'), src: url.min(1, messages.galleryImageMissing), ...caption }),
    z.object({
      type: z.literal('imageReused'),
      src: url.min(1, messages.galleryImageMissing),
      source: text(LIMITS.maxShortText).default(''),
      ...caption,
    }),
    z.object({ type: z.literal('assetReused'), fileId, ...caption }),
    licensedImage,
    z.object({
      type: z.literal('video'),
      url: videoUrl,
      poster: posterUrl.default(''),
      ...caption,
    }),
  ]),
);
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryItemsSchema = z
  .array(galleryItemSchema)
  .max(LIMITS.maxGalleryImages, messages.galleryFull(LIMITS.maxGalleryImages));

/** The library files a gallery needs loaded to render (its library files and its uploads). */
export function galleryFileIds(items: readonly GalleryItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'assetReused') return [item.fileId];
    if (item.type === 'imageFile' || item.type === 'imageReused' || item.type === 'imageLicensed') {
      const id = uploadedFileId(item.src);
      return id ? [id] : [];
    }
    return [];
  });
}

/** One gallery entry as a visitor's page shows it. */
export interface ShownGalleryItem {
  src: string;
  alt: string;
  title: string;
  description: string;
  /** The uploaded file behind `src`, for a srcset of its processed sizes. */
  image?: Record<string, unknown>;
  /** A video: its page on the host (followed without JavaScript) and its player (used with it). */
  video?: { url: string; player: string };
  /** A licensed picture whose licence asks for credit: the credit line visitors read. */
  credit?: GalleryCredit;
}

/** "Photo: Jane Doe / unsplash.com, CC BY 4.0", each part a link where the owner gave one. */
export interface GalleryCredit {
  creator: string;
  /** The source's page and the name it goes by (its host name). */
  source?: { url: string; name: string };
  /** Absent for a photo feed's picture: the feed names its author, not a licence. */
  licence?: { name: string; url?: string };
}

/** The credit a licensed picture shows; none when its licence does not ask for one. */
export function galleryCredit(
  item: Extract<GalleryItem, { type: 'imageLicensed' }>,
): GalleryCredit | undefined {
  if (!item.creditRequired) return undefined;
  let source: GalleryCredit['source'];
  if (item.sourceUrl) {
    try {
      source = { url: item.sourceUrl, name: new URL(item.sourceUrl).hostname.replace(/^www\./, '') };
    } catch {
      source = undefined;
    }
  }
  return {
    creator: item.creator.trim(),
    source,
    licence: { name: item.licence, url: item.licenceUrl || undefined },
  };
}

/**
 * What visitors see of a gallery's items: empty slots are left out, a library file that is gone
 * leaves the gallery, a library file's alt text fills in where the item has none.
 */
export function shownGalleryItems(
  items: readonly GalleryItem[],
  files: ReadonlyMap<string, Record<string, unknown>> | undefined,
): ShownGalleryItem[] {
  const altOf = (file: Record<string, unknown> | undefined) =>
    typeof file?.altText === 'string' ? file.altText : '';
  return items.flatMap((item): ShownGalleryItem[] => {
    const { alt, title, description } = item;
    switch (item.type) {
      case 'imageEmpty':
        return [];
      case 'imageFile':
      case 'imageReused': {
        const id = uploadedFileId(item.src);
        const image = id ? files?.get(id) : undefined;
        return [{ src: item.src, alt: alt || altOf(image), title, description, image }];
      }
      case 'imageLicensed': {
        const id = uploadedFileId(item.src);
        const image = id ? files?.get(id) : undefined;
        return [
          { src: item.src, alt: alt || altOf(image), title, description, image, credit: galleryCredit(item) },
        ];
      }
      case 'assetReused': {
        const file = files?.get(item.fileId);
        if (typeof file?.assetUrl !== 'string') return [];
        return [{ src: file.assetUrl, alt: alt || altOf(file), title, description, image: file }];
      }
      case 'video':
        return [
          {
            src: item.poster,
            alt: alt || title || messages.galleryVideoAlt,
            title,
            description,
            video: { url: item.url, player: videoPlayerUrl(item.url)! },
          },
        ];
    }
  });
}

/** The editor's calls for gallery media (ours; the spec names the types, not the calls). */
export const GALLERY_API = {
  /** Looks a video link up with its host: title and poster, or why it cannot be used. */
  video: '/api/editor/gallery/video',
  /** Pictures already used on the site's pages and products, for "Image from your site". */
  siteImages: '/api/editor/gallery/site-images',
} as const;

export const videoLookupSchema = z.object({ url: videoUrl });
export type VideoLookup = z.infer<typeof videoLookupSchema>;

export const videoMetadataSchema = z.object({
  url: z.string(),
  title: z.string(),
  /** The host's poster picture; empty when it has none. */
  poster: z.string(),
  host: z.enum(['youtube', 'vimeo']),
});
export type VideoMetadata = z.infer<typeof videoMetadataSchema>;

export const siteImageSchema = z.object({
  src: z.string(),
  alt: z.string(),
  /** Where the picture is used, as the owner reads it ("Page: About", "Product: Tote"). */
  source: z.string(),
});
export type SiteImage = z.infer<typeof siteImageSchema>;
export const siteImagesSchema = z.object({ images: z.array(siteImageSchema) });
export type SiteImages = z.infer<typeof siteImagesSchema>;
