import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../blocks/registry';
import { renderBlock } from '../render/render-document';
import { EMPTY_RENDER_DATA } from '../render/render-document';
import {
  adjustGallerySettings,
  chooseGalleryDesign,
  DEFAULT_GALLERY_OPTIONS,
  effectiveGalleryOptions,
  galleryOptionsSchema,
  type GalleryDesign,
} from './gallery-options';

describe('gallery options (platform.md §3 table)', () => {
  it.each([
    ['design', 'grid'],
    ['autoplay', false],
    ['autoplay-duration', 5],
    ['controls', false],
    ['auto-crop', true],
    ['aspect-ratio', 'square'],
    ['slider-aspect-ratio', 50],
    ['square-thumbs', true],
    ['thumbnails', false],
    ['thumbnail-strip-height', 80],
    ['thumbnail-strip-margin', 20],
    ['show-meta-basic', true],
    ['show-meta', true],
    ['show-meta-only-title', false],
    ['meta-position', 'bottom'],
    ['show-meta-on-hover', false],
    ['active-alignment', 'center'],
    ['thumbnails-per-row', 4],
    ['padding', 20],
    ['lightbox', false],
    ['lightboxTheme', 'dark'],
    ['max-width', 300],
    ['newWindow', false],
    ['transparentBackground', false],
  ] as const)('%s defaults to %s', (key, value) => {
    expect(DEFAULT_GALLERY_OPTIONS[key]).toBe(value);
  });

  it.each([
    ['autoplay-duration', 0, false],
    ['autoplay-duration', 1, true],
    ['autoplay-duration', 10, true],
    ['autoplay-duration', 11, false],
    ['thumbnail-strip-height', 200, true],
    ['thumbnail-strip-height', 201, false],
    ['thumbnail-strip-margin', 60, true],
    ['thumbnail-strip-margin', 61, false],
    ['thumbnails-per-row', 0, false],
    ['thumbnails-per-row', 10, true],
    ['padding', 50, true],
    ['padding', 51, false],
    ['max-width', 99, false],
    ['max-width', 100, true],
    ['max-width', 301, false],
    ['aspect-ratio', 'anamorphic-widescreen', true],
    ['aspect-ratio', 'panorama', false],
    ['meta-position', 'top-right', true],
    ['meta-position', 'middle', false],
    ['active-alignment', 'left', true],
    ['design', 'carousel', true],
    ['design', 'slider', false],
    ['lightboxTheme', 'light', true],
    ['autoplay', 'yes', false],
  ] as const)('%s = %s is accepted: %s', (key, value, ok) => {
    expect(galleryOptionsSchema.safeParse({ [key]: value }).success).toBe(ok);
  });
});

describe('design rules', () => {
  const on = { ...DEFAULT_GALLERY_OPTIONS, thumbnails: true, autoplay: true };
  const off = { ...DEFAULT_GALLERY_OPTIONS, thumbnails: false, autoplay: false };
  it.each<[GalleryDesign, typeof on, boolean, boolean]>([
    ['slideshow', off, true, false],
    ['slideshow', on, true, true],
    ['carousel', on, false, true],
    ['carousel', off, false, false],
    ['grid', on, false, false],
    ['stacked', on, false, false],
  ])('choosing %s from %o: thumbnails %s, autoplay %s', (design, from, thumbnails, autoplay) => {
    const chosen = chooseGalleryDesign(from, design);
    expect(chosen).toMatchObject({ design, thumbnails, autoplay });
  });

  it.each<[GalleryDesign, boolean, boolean, number | undefined]>([
    ['slideshow', true, true, undefined],
    ['carousel', false, true, 7],
    ['grid', false, false, undefined],
    ['stacked', false, false, undefined],
  ])(
    'a saved %s honours thumbnails %s, autoplay %s, duration %s',
    (design, thumbnails, autoplay, duration) => {
      const o = effectiveGalleryOptions({
        ...DEFAULT_GALLERY_OPTIONS,
        design,
        thumbnails: true,
        autoplay: true,
        'autoplay-duration': 7,
      });
      expect([o.thumbnails, o.autoplay, o.autoplayDurationSeconds]).toEqual([thumbnails, autoplay, duration]);
    },
  );

  it('the carousel frame is 2:1 by default (slider aspect ratio 50)', () => {
    expect(effectiveGalleryOptions({ ...DEFAULT_GALLERY_OPTIONS, design: 'carousel' }).cellAspectRatio).toBe(
      2,
    );
    expect(effectiveGalleryOptions({ ...DEFAULT_GALLERY_OPTIONS, design: 'carousel' }).engineDesign).toBe(
      'slider',
    );
  });

  it.each([
    ['square', 1],
    ['standard', 1.5],
    ['widescreen', 1.778],
    ['anamorphic-widescreen', 2.4],
  ] as const)('grid cells with aspect ratio %s are %s wide per unit of height', (ratio, value) => {
    expect(
      effectiveGalleryOptions({ ...DEFAULT_GALLERY_OPTIONS, 'aspect-ratio': ratio }).cellAspectRatio,
    ).toBe(value);
  });

  it('an uncropped grid keeps each picture’s own shape', () => {
    expect(
      effectiveGalleryOptions({ ...DEFAULT_GALLERY_OPTIONS, 'auto-crop': false }).cellAspectRatio,
    ).toBeUndefined();
  });

  it.each<[GalleryDesign, boolean, boolean]>([
    ['slideshow', false, true],
    ['slideshow', true, false],
    ['grid', false, false],
  ])('transparent background on %s with auto-crop %s applies: %s', (design, crop, applies) => {
    const o = effectiveGalleryOptions({
      ...DEFAULT_GALLERY_OPTIONS,
      design,
      'auto-crop': crop,
      transparentBackground: true,
    });
    expect(o.transparentBackground).toBe(applies);
  });

  it('the inspector applies the rules only when the design changes', () => {
    expect(adjustGallerySettings({ design: 'slideshow', thumbnails: false }, 'design')).toMatchObject({
      thumbnails: true,
    });
    expect(adjustGallerySettings({ design: 'slideshow', thumbnails: false }, 'thumbnails')).toMatchObject({
      thumbnails: false,
    });
    expect(
      adjustGallerySettings({ design: 'grid', thumbnails: true, autoplay: true }, 'design'),
    ).toMatchObject({ thumbnails: false, autoplay: false });
  });
});

describe('gallery block', () => {
  const render = (settings: Record<string, unknown>) => {
    const definition = blockDefinition('gallery')!;
    const block = { id: 'b1', type: 'gallery', settings: definition.settings.parse(settings) };
    return renderBlock(block, EMPTY_RENDER_DATA).html;
  };

  it('a slideshow has slides, controls and a thumbnail strip linking to each slide', () => {
    const html = render(chooseGalleryDesign(DEFAULT_GALLERY_OPTIONS, 'slideshow'));
    expect(html).toContain('data-gallery="slideshow"');
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toMatch(/<a href="#gallery-\d+-2" data-gallery-thumb/);
    expect(html).toContain('data-gallery-next');
  });

  it('a grid has neither thumbnails nor controls, and its columns and ratio as custom properties', () => {
    const html = render({
      design: 'grid',
      thumbnails: true,
      'thumbnails-per-row': 3,
      'aspect-ratio': 'standard',
    });
    expect(html).not.toContain('data-gallery-thumb');
    expect(html).not.toContain('data-gallery-next');
    expect(html).toContain('--gallery-columns:3');
    expect(html).toContain('--gallery-ratio:1.5');
  });

  it('a lightbox gallery links each picture to itself; titles are escaped', () => {
    const html = render({ lightbox: true, images: [{ src: '/a.png', alt: 'A', title: '<b>x</b>' }] });
    expect(html).toContain('href="/a.png" data-gallery-lightbox');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('a carousel that plays says how often', () => {
    expect(render({ design: 'carousel', autoplay: true, 'autoplay-duration': 3 })).toContain(
      'data-autoplay="3000"',
    );
    expect(render({ design: 'grid', autoplay: true })).not.toContain('data-autoplay');
  });
});
