import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { href, text } from '../../text';
import { ALIGN_OPTIONS, defineBlock, type BlockRenderData } from '../define-block';
import {
  adjustGallerySettings,
  GALLERY_ASPECT_RATIO_LABELS,
  GALLERY_DESIGN_LABELS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  galleryOptionsSchema,
} from '../../gallery/gallery-options';
import {
  galleryFileIds,
  galleryItemsSchema,
  shownGalleryItems,
  uploadedFileId,
  videoPlayerUrl,
} from '../../gallery/gallery-media';
import { GALLERY_TEMPLATE, galleryView } from '../../gallery/gallery-view';
import { galleryPhotoFeedSchema, photoFeedKey, shownPhotoFeedItems } from '../../gallery/photo-feed';

/** The uploaded file behind an image address, when the site's data has it. */
function uploadedImage(src: string, data: BlockRenderData): Record<string, unknown> | undefined {
  const id = uploadedFileId(src);
  return id ? data.files?.get(id) : undefined;
}

/** The alt text written for the file in the file manager, for a block that has none of its own. */
function fileAltText(image: Record<string, unknown> | undefined): string {
  return typeof image?.altText === 'string' ? image.altText : '';
}

/** The file's focal point as numbers the template can print (never text from the file's data). */
function focalPointOf(
  image: Record<string, unknown>,
): { x: number; y: number; left: number; top: number } | undefined {
  const point = image.mediaFocalPoint as { x?: unknown; y?: unknown } | undefined;
  const x = Number(point?.x);
  const y = Number(point?.y);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  const unit = (n: number) => Math.min(1, Math.max(0, n));
  return { x: unit(x), y: unit(y), left: Math.round(unit(x) * 100), top: Math.round(unit(y) * 100) };
}

const url = href(LIMITS.maxUrlLength, messages.invalidLink);

export const imageBlock = defineBlock({
  type: 'image',
  code: 5,
  label: 'Image',
  category: 'media',
  description: 'A picture with alt text, an optional caption and link.',
  settings: z.object({
    src: url.default('/assets/demo/tote.svg'),
    alt: text(250).default(''),
    caption: text(LIMITS.maxShortText).default(''),
    href: url.default(''),
    width: z.enum(['small', 'medium', 'full']).default('full'),
  }),
  fields: [
    { key: 'src', label: 'Image URL', kind: 'url', maxLength: LIMITS.maxUrlLength },
    {
      key: 'alt',
      label: 'Alt text',
      kind: 'text',
      maxLength: 250,
      placeholder: 'Describe the image',
      hint: 'Say what the picture shows, for people who cannot see it. Leave empty for a decorative picture.',
    },
    { key: 'caption', label: 'Caption', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'href', label: 'Link', kind: 'url', maxLength: LIMITS.maxUrlLength, placeholder: 'Optional' },
    {
      key: 'width',
      label: 'Width',
      kind: 'select',
      options: [
        { value: 'small', label: 'Small' },
        { value: 'medium', label: 'Medium' },
        { value: 'full', label: 'Full width' },
      ],
    },
  ],
  references: (s) => ({ files: [uploadedFileId(s.src)].filter((id): id is string => Boolean(id)) }),
  view: (s, data) => {
    const image = uploadedImage(s.src, data);
    return { ...s, image, alt: s.alt || fileAltText(image), focal: image && focalPointOf(image) };
  },
  // An uploaded image offers its processed sizes (the browser picks one for the block's width) and
  // keeps its focal point in view wherever a layout crops it.
  template:
    '<figure class="image-block image-block--{width}">{.section href}<a href="{@|htmlattr}">{.end}<img src="{src|htmlattr}"{.section image}{@|image-srcset} sizes="(max-width: 432px) 100vw, 720px"{.end}{.section focal} data-image-focal-point="{x},{y}" style="object-position: {left}% {top}%"{.end} alt="{alt|htmlattr}" loading="lazy" decoding="async">{.section href}</a>{.end}{.section caption}<figcaption>{@|htmltag}</figcaption>{.end}</figure>',
});

const toggle = <K extends string>(key: K, label: string) => ({ key, label, kind: 'toggle' as const });

export const galleryBlock = defineBlock({
  type: 'gallery',
  code: 8,
  label: 'Gallery',
  category: 'media',
  description: 'Several images in a grid, stack, slideshow or carousel.',
  settings: galleryOptionsSchema.extend({
    images: galleryItemsSchema.default([
      {
        type: 'imageFile',
        src: '/assets/demo/tote.svg',
        alt: 'Waxed canvas tote',
        title: '',
        description: '',
      },
      {
        type: 'imageFile',
        src: '/assets/demo/notebook.svg',
        alt: 'Field notebooks',
        title: '',
        description: '',
      },
      {
        type: 'imageFile',
        src: '/assets/demo/shirt.svg',
        alt: 'Linen work shirt',
        title: '',
        description: '',
      },
    ]),
    /** A photo feed shown instead of `images` (kept meanwhile); null: the images show. */
    photoFeed: galleryPhotoFeedSchema.default(null),
  }),
  fields: [
    { key: 'photoFeed', label: 'Pictures from', kind: 'photo-feed' },
    { key: 'images', label: 'Images and videos', kind: 'gallery-media', maxItems: LIMITS.maxGalleryImages },
    {
      key: 'design',
      label: 'Design',
      kind: 'select',
      options: GALLERY_DESIGNS.map((value) => ({ value, label: GALLERY_DESIGN_LABELS[value] })),
    },
    {
      key: 'aspect-ratio',
      label: 'Aspect ratio (grid)',
      kind: 'select',
      options: Object.entries(GALLERY_ASPECT_RATIO_LABELS).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'slider-aspect-ratio',
      label: 'Carousel height (% of width)',
      kind: 'number',
      min: 20,
      max: 150,
      unit: '%',
    },
    { key: 'thumbnails-per-row', label: 'Images per row', kind: 'number', min: 1, max: 10 },
    { key: 'padding', label: 'Spacing', kind: 'number', min: 0, max: 50, unit: 'px' },
    {
      key: 'max-width',
      label: 'Column width (auto columns)',
      kind: 'number',
      min: 100,
      max: 300,
      unit: 'px',
    },
    toggle('autoplay', 'Autoplay (slideshow, carousel)'),
    {
      key: 'autoplay-duration',
      label: 'Autoplay every (carousel)',
      kind: 'number',
      min: 1,
      max: 10,
      unit: 's',
    },
    toggle('controls', 'Show controls'),
    toggle('auto-crop', 'Crop images to fill'),
    toggle('thumbnails', 'Thumbnails (slideshow)'),
    toggle('square-thumbs', 'Square thumbnails'),
    {
      key: 'thumbnail-strip-height',
      label: 'Thumbnail strip height',
      kind: 'number',
      min: 0,
      max: 200,
      unit: 'px',
    },
    {
      key: 'thumbnail-strip-margin',
      label: 'Thumbnail strip margin',
      kind: 'number',
      min: 0,
      max: 60,
      unit: 'px',
    },
    toggle('show-meta', 'Show title and description (slideshow)'),
    toggle('show-meta-basic', 'Show title and description (stacked)'),
    toggle('show-meta-only-title', 'Title only (grid)'),
    toggle('show-meta-on-hover', 'Show titles on hover'),
    {
      key: 'meta-position',
      label: 'Title position',
      kind: 'select',
      options: GALLERY_META_POSITIONS.map((value) => ({ value, label: value.replace('-', ' ') })),
    },
    {
      key: 'active-alignment',
      label: 'Active image alignment (carousel)',
      kind: 'select',
      options: ALIGN_OPTIONS,
    },
    toggle('lightbox', 'Open images in a lightbox'),
    {
      key: 'lightboxTheme',
      label: 'Lightbox theme',
      kind: 'select',
      options: [
        { value: 'dark', label: 'Dark' },
        { value: 'light', label: 'Light' },
      ],
    },
    toggle('newWindow', 'Open links in a new window'),
    toggle('transparentBackground', 'Transparent background (uncropped slideshow)'),
  ],
  adjust: adjustGallerySettings,
  references: (s) =>
    s.photoFeed
      ? { photoFeeds: [photoFeedKey(s.photoFeed.url)].filter(Boolean) }
      : { files: galleryFileIds(s.images) },
  view: (s, data) => {
    const { images, photoFeed, ...options } = s;
    const shown = photoFeed
      ? shownPhotoFeedItems(data.photoFeeds?.get(photoFeedKey(photoFeed.url)) ?? [])
      : shownGalleryItems(images, data.files);
    // A block's id is not in its settings: its pictures name the slides, unique enough per page.
    const id = `gallery-${Math.abs(hash(shown.map((i) => i.video?.url ?? i.src).join('|')))}`;
    return galleryView(id, 'Gallery', shown, options);
  },
  template: GALLERY_TEMPLATE,
});

/** A small stable string hash (djb2) for element ids. */
function hash(value: string): number {
  let h = 5381;
  for (let i = 0; i < value.length; i++) h = (h * 33) ^ value.charCodeAt(i);
  return h | 0;
}

export const videoBlock = defineBlock({
  type: 'video',
  code: 32,
  label: 'Video',
  category: 'media',
  description: 'A video file or a YouTube or Vimeo link.',
  settings: z.object({
    url: url.default(''),
    title: text(LIMITS.maxShortText).default('Video'),
    caption: text(LIMITS.maxShortText).default(''),
  }),
  fields: [
    {
      key: 'url',
      label: 'Video URL',
      kind: 'url',
      maxLength: LIMITS.maxUrlLength,
      placeholder: 'https://youtu.be/… or a .mp4 file',
    },
    { key: 'title', label: 'Title (for screen readers)', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'caption', label: 'Caption', kind: 'text', maxLength: LIMITS.maxShortText },
  ],
  view: (s) => ({
    ...s,
    player: videoPlayerUrl(s.url),
    file: videoPlayerUrl(s.url) ? undefined : s.url || undefined,
  }),
  template:
    '<figure class="video-block">{.if player}<div class="video-frame"><iframe src="{player|htmlattr}" title="{title|htmlattr}" loading="lazy" allow="fullscreen; picture-in-picture" allowfullscreen></iframe></div>{.or}{.if file}<video src="{file|htmlattr}" controls preload="metadata"></video>{.or}<div class="block-empty">Add a video URL</div>{.end}{.end}{.section caption}<figcaption>{@|htmltag}</figcaption>{.end}</figure>',
});

export const audioBlock = defineBlock({
  type: 'audio',
  code: 41,
  label: 'Audio',
  category: 'media',
  description: 'An audio track with a player.',
  settings: z.object({
    url: url.default(''),
    title: text(LIMITS.maxShortText).default('Untitled track'),
    author: text(LIMITS.maxShortText).default(''),
  }),
  fields: [
    { key: 'url', label: 'Audio file URL', kind: 'url', maxLength: LIMITS.maxUrlLength },
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'author', label: 'Author', kind: 'text', maxLength: LIMITS.maxShortText },
  ],
  template:
    '<figure class="audio-block"><figcaption><strong>{title|htmltag}</strong>{.section author} — {@|htmltag}{.end}</figcaption>{.section url}<audio src="{@|htmlattr}" controls preload="none"></audio>{.or}<div class="block-empty">Add an audio file URL</div>{.end}</figure>',
});

export const embedBlock = defineBlock({
  type: 'embed',
  code: 22,
  label: 'Embed',
  category: 'more',
  description: 'Another site’s page in a frame.',
  settings: z.object({
    url: url.default(''),
    title: text(LIMITS.maxShortText).default('Embedded content'),
    height: z.number().int().min(100).max(1200).default(400),
  }),
  fields: [
    { key: 'url', label: 'URL', kind: 'url', maxLength: LIMITS.maxUrlLength, placeholder: 'https://…' },
    { key: 'title', label: 'Title (for screen readers)', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'height', label: 'Height', kind: 'number', min: 100, max: 1200, step: 10, unit: 'px' },
  ],
  // Sandboxed: the embedded page can run its own scripts but never reach the site's.
  view: (s) => ({ ...s, frame: /^https:\/\//.test(s.url) ? s.url : undefined }),
  template:
    '<div class="embed-block">{.section frame}<iframe src="{@|htmlattr}" title="{title|htmlattr}" height="{height}" loading="lazy" sandbox="allow-scripts allow-popups allow-forms"></iframe>{.or}<div class="block-empty">Add an https:// URL to embed</div>{.end}</div>',
});

export const mapBlock = defineBlock({
  type: 'map',
  code: 4,
  label: 'Map',
  category: 'media',
  description: 'An address with a link to directions.',
  settings: z.object({
    address: text(LIMITS.maxShortText).default('148 Lafayette Street, New York, NY'),
    label: text(LIMITS.maxShortText).default('Visit the workshop'),
  }),
  fields: [
    { key: 'label', label: 'Label', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'address', label: 'Address', kind: 'text', maxLength: LIMITS.maxShortText },
  ],
  template:
    '<div class="map-block"><p class="map-block__label">{label|htmltag}</p><address>{address|htmltag}</address><a href="https://www.openstreetmap.org/search?query={address|url-encode}" target="_blank" rel="noopener">Get directions</a></div>',
});

export const socialLinksBlock = defineBlock({
  type: 'social-links',
  code: 54,
  label: 'Social links',
  category: 'more',
  description: 'Links to the site’s social accounts.',
  settings: z.object({
    links: z
      .array(z.object({ network: text(40), url }))
      .max(20)
      .default([
        { network: 'Instagram', url: 'https://instagram.com/' },
        { network: 'Pinterest', url: 'https://pinterest.com/' },
      ]),
    align: z.enum(['left', 'center', 'right']).default('left'),
  }),
  fields: [
    {
      key: 'links',
      label: 'Accounts',
      kind: 'list',
      itemLabel: 'Account',
      maxItems: 20,
      fields: [
        { key: 'network', label: 'Network', kind: 'text', maxLength: 40 },
        { key: 'url', label: 'Profile URL', kind: 'url', maxLength: LIMITS.maxUrlLength },
      ],
    },
    { key: 'align', label: 'Alignment', kind: 'select', options: ALIGN_OPTIONS },
  ],
  template:
    '<ul class="social-links-block align-{align}">{.repeated section links}<li><a href="{url|htmlattr}" rel="noopener" target="_blank">{network|htmltag}</a></li>{.end}</ul>',
});
