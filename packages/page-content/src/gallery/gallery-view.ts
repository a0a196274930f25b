import { compile, type Template, type TemplateError } from '@site/template-engine';
import { messages } from '../messages';
import type { GalleryCredit } from './gallery-media';
import { effectiveGalleryOptions, type GalleryOptions } from './gallery-options';

/** One picture of a gallery as the shared template reads it. */
export interface GalleryImageInput {
  src: string;
  alt: string;
  title?: string;
  description?: string;
  /** Where the picture links (a gallery collection item's page), unless the lightbox opens it. */
  href?: string;
  /** The uploaded file behind `src`, for a srcset of its processed sizes. */
  image?: Record<string, unknown>;
  /** A video item: its page on the host and its player (platform.md §3 media type video). */
  video?: { url: string; player: string };
  /** A licensed picture's credit line, shown whatever the caption options say. */
  credit?: GalleryCredit;
}

/**
 * What the gallery template reads: the effective options (only those that apply to the design)
 * flattened to names the template can address, and each picture with its slide id and position.
 */
export function galleryView(
  id: string,
  label: string,
  images: readonly GalleryImageInput[],
  options: GalleryOptions,
) {
  const o = effectiveGalleryOptions(options);
  const grid = o.design === 'grid';
  const showTitle =
    (o.design === 'slideshow' && o['show-meta']) || (o.design === 'stacked' && o['show-meta-basic']) || grid;
  const showDescription = showTitle && !(grid && o['show-meta-only-title']);
  const styles = [
    `--gallery-columns:${o['thumbnails-per-row']}`,
    `--gallery-padding:${o.padding}px`,
    `--gallery-max-width:${o['max-width']}px`,
    `--gallery-thumb-height:${o['thumbnail-strip-height']}px`,
    `--gallery-thumb-margin:${o['thumbnail-strip-margin']}px`,
    ...(o.cellAspectRatio ? [`--gallery-ratio:${o.cellAspectRatio}`] : []),
  ];
  const classes = [
    'gallery',
    `gallery--${o.design}`,
    o['auto-crop'] ? 'gallery--crop' : 'gallery--fit',
    o['square-thumbs'] ? 'gallery--square-thumbs' : '',
    o['show-meta-on-hover'] ? 'gallery--meta-hover' : '',
    `gallery--meta-${o['meta-position']}`,
    `gallery--align-${o['active-alignment']}`,
    o.transparentBackground ? 'gallery--transparent' : '',
  ].filter(Boolean);
  return {
    galleryId: id,
    label,
    design: o.design,
    engineDesign: o.engineDesign,
    className: classes.join(' '),
    style: styles.join(';'),
    count: images.length,
    slides: o.design === 'slideshow' || o.design === 'carousel',
    controls: o.controls || o.design === 'slideshow',
    thumbnails: o.thumbnails,
    autoplayMs: o.autoplay ? (o.autoplayDurationSeconds ?? 5) * 1000 : undefined,
    lightbox: o.lightbox,
    lightboxTheme: o.lightboxTheme,
    newWindow: o.newWindow,
    images: images.map((image, index) => ({
      ...image,
      slideId: `${id}-${index + 1}`,
      position: index + 1,
      caption:
        (showTitle && (image.title || (showDescription && image.description))) || image.credit
          ? true
          : undefined,
      showTitle: showTitle ? image.title || undefined : undefined,
      showDescription: showDescription ? image.description || undefined : undefined,
    })),
  };
}
export type GalleryView = ReturnType<typeof galleryView>;

const image = `<img src="{src|htmlattr}"{.section image}{@|image-srcset} sizes="(max-width: 432px) 100vw, 50vw"{.end} alt="{alt|htmlattr}" loading="lazy" decoding="async">`;
// The credit a licence asks for: "Photo: Jane Doe / unsplash.com, CC BY 4.0", with links where
// the owner gave them. The lightbox copies it, so the picture is credited there too.
const credit = `{.section credit}<small class="gallery__credit">${messages.galleryCreditPhoto} {creator|htmltag}{.section source} / <a href="{url|htmlattr}" rel="noopener">{name|htmltag}</a>{.end}{.section licence}, {.if url}<a href="{url|htmlattr}" rel="noopener license">{name|htmltag}</a>{.or}{name|htmltag}{.end}{.end}</small>{.end}`;
const caption = `{.if caption}<figcaption class="gallery__meta">{.section showTitle}<span class="gallery__title">{@|htmltag}</span>{.end}{.section showDescription}<span class="gallery__description">{@|htmltag}</span>{.end}${credit}</figcaption>{.end}`;
// A video shows its poster (or a plain frame when the host has none) with a play mark; without
// JavaScript the link opens the video on its host, with it the storefront plays it in place or
// in the lightbox.
const poster = `{.if src}${image}{.or}<span class="gallery__poster-blank">{alt|htmltag}</span>{.end}`;
const video = `<a class="gallery__open gallery__video" href="{video.url|htmlattr}" data-gallery-video="{video.player|htmlattr}" target="_blank" rel="noopener" aria-label="Play video: {alt|htmlattr}">${poster}<span class="gallery__play" aria-hidden="true"></span></a>`;
// The lightbox opens the picture itself; otherwise a picture with a page links to it. `.if href`,
// not `.section href`: a failed section's `.or` stands on the missing value, where the image's own
// `.section image` would find nothing (the reference engine does the same), so no srcset.
const linked = `{.if video}${video}{.or}{.if lightbox}<a class="gallery__open" href="{src|htmlattr}" data-gallery-lightbox aria-label="Open {alt|htmlattr} larger">${image}</a>{.or}{.if href}<a class="gallery__open" href="{href|htmlattr}"{.if newWindow} target="_blank" rel="noopener"{.end}>${image}</a>{.or}${image}{.end}{.end}{.end}`;

/**
 * One template for the gallery block and gallery pages. Slides scroll with CSS scroll snapping,
 * so they swipe on touch screens and the thumbnails work as plain links without JavaScript; the
 * storefront adds the previous/next buttons' behaviour, autoplay and the lightbox.
 */
export const GALLERY_TEMPLATE =
  `<div class="{className|htmlattr}" style="{style|htmlattr}" data-gallery="{design|htmlattr}"{.section autoplayMs} data-autoplay="{@}"{.end}{.if lightbox} data-lightbox-theme="{lightboxTheme|htmlattr}"{.end}{.if slides} role="region" aria-roledescription="carousel" aria-label="{label|htmlattr}"{.end}>` +
  `{.section images}<ul class="gallery__items" {.if slides}tabindex="0" aria-label="{label|htmlattr}: {count} images"{.or}aria-label="{label|htmlattr}"{.end}>{.repeated section @}<li class="gallery__item" id="{slideId|htmlattr}"{.if slides} aria-roledescription="slide" aria-label="{position} of {count}"{.end}><figure>${linked}${caption}</figure></li>{.end}</ul>` +
  `{.if slides}{.if controls}<div class="gallery__controls"><button type="button" class="gallery__prev" data-gallery-prev aria-label="Previous image">‹</button><button type="button" class="gallery__next" data-gallery-next aria-label="Next image">›</button></div>{.end}{.end}` +
  `{.if thumbnails}<ol class="gallery__thumbs" aria-label="Thumbnails">{.repeated section @}<li><a href="#{slideId|htmlattr}" data-gallery-thumb aria-label="Show image {position} of {count}">{.if src}<img src="{src|htmlattr}" alt="" loading="lazy" decoding="async">{.end}</a></li>{.end}</ol>{.end}` +
  `{.or}<div class="block-empty">Add images to this gallery</div>{.end}</div>`;

let compiledGallery: Template | undefined;

/** A gallery page's pictures with the same template as the gallery block. */
export function renderGallery(
  view: GalleryView,
  options: { locale?: string; timeZone?: string } = {},
): { html: string; errors: TemplateError[] } {
  compiledGallery ??= compile(GALLERY_TEMPLATE);
  return compiledGallery.render(view, options);
}
