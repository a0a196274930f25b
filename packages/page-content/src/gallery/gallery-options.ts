import { z } from 'zod';

/**
 * platform.md §3 "Gallery options and defaults": every option of a gallery (block or collection
 * page) with its range and default, and the design rules, as pure functions the editor, the
 * server and the tests share. Keys are the spec's option names.
 */

/** The gallery block's enumeration of design choices (the table's "slider" is the carousel). */
export const GALLERY_DESIGNS = ['slideshow', 'carousel', 'grid', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

export const GALLERY_DESIGN_LABELS: Record<GalleryDesign, string> = {
  slideshow: 'Slideshow',
  carousel: 'Carousel',
  grid: 'Grid',
  stacked: 'Stacked',
};

/** Grid aspect ratios, as width / height. */
export const GALLERY_ASPECT_RATIOS = {
  square: 1,
  standard: 3 / 2,
  'standard-vertical': 2 / 3,
  'four-three': 4 / 3,
  'three-four-vertical': 3 / 4,
  widescreen: 16 / 9,
  'anamorphic-widescreen': 2.4,
} as const;
export type GalleryAspectRatio = keyof typeof GALLERY_ASPECT_RATIOS;

export const GALLERY_ASPECT_RATIO_LABELS: Record<GalleryAspectRatio, string> = {
  square: 'Square 1:1',
  standard: 'Standard 3:2',
  'standard-vertical': 'Standard vertical 2:3',
  'four-three': 'Four-three 4:3',
  'three-four-vertical': 'Three-four vertical 3:4',
  widescreen: 'Widescreen 16:9',
  'anamorphic-widescreen': 'Anamorphic widescreen 2.40:1',
};

export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ACTIVE_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** platform.md §3: "Default slider aspect ratio is 50" — the carousel's height as a percentage of its width. */
export const DEFAULT_SLIDER_ASPECT_RATIO = 50;

const int = (min: number, max: number, fallback: number) =>
  z.number().int().min(min).max(max).default(fallback);
const flag = (fallback: boolean) => z.boolean().default(fallback);

export const galleryOptionsSchema = z.object({
  design: z.enum(GALLERY_DESIGNS).default('grid'),
  autoplay: flag(false),
  'autoplay-duration': int(1, 10, 5),
  controls: flag(false),
  'auto-crop': flag(true),
  'aspect-ratio': z
    .enum(Object.keys(GALLERY_ASPECT_RATIOS) as [GalleryAspectRatio, ...GalleryAspectRatio[]])
    .default('square'),
  // Ours: the spec gives the default (50) but no range; 20–150 keeps a carousel between a strip and a tall frame.
  'slider-aspect-ratio': int(20, 150, DEFAULT_SLIDER_ASPECT_RATIO),
  'square-thumbs': flag(true),
  thumbnails: flag(false),
  'thumbnail-strip-height': int(0, 200, 80),
  'thumbnail-strip-margin': int(0, 60, 20),
  'show-meta-basic': flag(true),
  'show-meta': flag(true),
  'show-meta-only-title': flag(false),
  'meta-position': z.enum(GALLERY_META_POSITIONS).default('bottom'),
  'show-meta-on-hover': flag(false),
  'active-alignment': z.enum(GALLERY_ACTIVE_ALIGNMENTS).default('center'),
  'thumbnails-per-row': int(1, 10, 4),
  padding: int(0, 50, 20),
  lightbox: flag(false),
  lightboxTheme: z.enum(['dark', 'light']).default('dark'),
  'max-width': int(100, 300, 300),
  newWindow: flag(false),
  transparentBackground: flag(false),
});
export type GalleryOptions = z.infer<typeof galleryOptionsSchema>;

export const DEFAULT_GALLERY_OPTIONS: GalleryOptions = galleryOptionsSchema.parse({});

/**
 * Choosing a design (platform.md §3): slideshow turns thumbnails on, carousel turns them off, grid
 * and stacked turn thumbnails and autoplay off. The owner may change them again afterwards.
 */
export function chooseGalleryDesign(options: GalleryOptions, design: GalleryDesign): GalleryOptions {
  switch (design) {
    case 'slideshow':
      return { ...options, design, thumbnails: true };
    case 'carousel':
      return { ...options, design, thumbnails: false };
    case 'grid':
    case 'stacked':
      return { ...options, design, thumbnails: false, autoplay: false };
  }
}

/**
 * What a visitor's page honours: options that do not apply to the design are off (thumbnails
 * belong to the slideshow, autoplay to slideshow and carousel, the autoplay duration to a
 * carousel that plays, a transparent background to an uncropped slideshow).
 */
export function effectiveGalleryOptions(options: GalleryOptions) {
  const { design } = options;
  const autoplay = (design === 'slideshow' || design === 'carousel') && options.autoplay;
  return {
    ...options,
    autoplay,
    thumbnails: design === 'slideshow' && options.thumbnails,
    autoplayDurationSeconds: design === 'carousel' && autoplay ? options['autoplay-duration'] : undefined,
    transparentBackground: options.transparentBackground && !options['auto-crop'] && design === 'slideshow',
    /** The template engine's gallery predicates spell the carousel "slider". */
    engineDesign: design === 'carousel' ? 'slider' : design,
    /** CSS aspect-ratio of a grid cell, or of the carousel frame (width / height). */
    cellAspectRatio:
      design === 'carousel'
        ? Math.round((100 / options['slider-aspect-ratio']) * 1000) / 1000
        : design === 'grid' && options['auto-crop']
          ? Math.round(GALLERY_ASPECT_RATIOS[options['aspect-ratio']] * 1000) / 1000
          : undefined,
  };
}
export type EffectiveGalleryOptions = ReturnType<typeof effectiveGalleryOptions>;

/**
 * The block inspector's adjustment: when the owner picks another design, its rules apply to the
 * saved settings (and so to the form the owner sees).
 */
export function adjustGallerySettings<S extends Partial<GalleryOptions>>(settings: S, changedKey: string): S {
  if (changedKey !== 'design' || !settings.design) return settings;
  const full = galleryOptionsSchema.parse({ ...settings });
  const chosen = chooseGalleryDesign(full, settings.design);
  return { ...settings, thumbnails: chosen.thumbnails, autoplay: chosen.autoplay };
}
