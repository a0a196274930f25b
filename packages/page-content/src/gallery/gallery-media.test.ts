import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../blocks/registry';
import { EMPTY_RENDER_DATA, renderBlock } from '../render/render-document';
import { messages } from '../messages';
import {
  galleryFileIds,
  galleryItemSchema,
  GALLERY_MEDIA_TYPES,
  shownGalleryItems,
  videoHostOf,
  videoLookupSchema,
  type GalleryItem,
} from './gallery-media';

const parse = (value: unknown) => galleryItemSchema.safeParse(value);
const item = (value: unknown) => galleryItemSchema.parse(value);

describe('Gallery media types (platform.md §3)', () => {
  it('offers the spec’s six types', () => {
    expect(GALLERY_MEDIA_TYPES).toEqual([
      'imageEmpty',
      'imageFile',
      'imageReused',
      'assetReused',
      'imageLicensed',
      'video',
    ]);
  });

  it.each<[string, unknown, string | undefined]>([
    ['imageEmpty with only a caption', { type: 'imageEmpty', title: 'Spring lookbook' }, undefined],
    ['imageFile with an upload', { type: 'imageFile', src: '/files/f1/a.png' }, undefined],
    ['imageFile without a picture', { type: 'imageFile', src: '' }, messages.galleryImageMissing],
    ['imageFile with a script link', { type: 'imageFile', src: 'javascript:alert(1)' }, messages.invalidLink],
    ['imageReused with its source', { type: 'imageReused', src: '/a.png', source: 'Page: About' }, undefined],
    ['assetReused by file id', { type: 'assetReused', fileId: 'f_9-x' }, undefined],
    [
      'assetReused with a path for an id',
      { type: 'assetReused', fileId: '../x' },
      messages.galleryFileMissing,
    ],
    ['video on YouTube', { type: 'video', url: 'https://youtu.be/abc' }, undefined],
    [
      'video on Vimeo with a poster',
      { type: 'video', url: 'https://vimeo.com/76979871', poster: 'https://i.vimeocdn.com/a.jpg' },
      undefined,
    ],
    [
      'video on another host',
      { type: 'video', url: 'https://example.com/clip' },
      messages.videoHostUnsupported,
    ],
    [
      'video with an http poster',
      { type: 'video', url: 'https://youtu.be/abc', poster: 'http://x.test/a.jpg' },
      messages.invalidLink,
    ],
    [
      'imageLicensed with its licence facts',
      {
        type: 'imageLicensed',
        src: 'https://images.unsplash.com/photo-1.jpg',
        creator: 'Jane Doe',
        sourceUrl: 'https://unsplash.com/photos/abc',
        licence: 'Unsplash License',
        licenceUrl: 'https://unsplash.com/license',
      },
      undefined,
    ],
    [
      'imageLicensed without a licence name',
      { type: 'imageLicensed', src: '/a.png', creator: 'Jane', licence: '  ' },
      messages.licenceNameMissing,
    ],
    [
      'imageLicensed asking for credit without a name',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC BY 4.0', creator: ' ' },
      messages.licenceCreatorMissing,
    ],
    [
      'imageLicensed without credit needs no name',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creditRequired: false },
      undefined,
    ],
    [
      'imageLicensed without a picture',
      { type: 'imageLicensed', src: '', licence: 'CC0', creditRequired: false },
      messages.galleryImageMissing,
    ],
    [
      'imageLicensed with a mail link for its source',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creator: 'J', sourceUrl: 'mailto:j@x.test' },
      messages.licenceLinkInvalid,
    ],
    [
      'imageLicensed with a script link for its licence',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creator: 'J', licenceUrl: 'javascript:x' },
      messages.licenceLinkInvalid,
    ],
    [
      'imageLicensed with a site path for its licence',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creator: 'J', licenceUrl: '/terms' },
      messages.licenceLinkInvalid,
    ],
    [
      'imageLicensed with a creator name too long',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creator: 'x'.repeat(121) },
      messages.licenceCreatorTooLong(120),
    ],
    [
      'imageLicensed with a licence name too long',
      { type: 'imageLicensed', src: '/a.png', licence: 'x'.repeat(81), creditRequired: false },
      messages.licenceNameTooLong(80),
    ],
    [
      'imageLicensed with a NUL byte in the name',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creator: 'J\u0000' },
      'cannot be stored',
    ],
    [
      'imageLicensed with credit as text',
      { type: 'imageLicensed', src: '/a.png', licence: 'CC0', creator: 'J', creditRequired: 'yes' },
      'expected boolean',
    ],
    ['an unknown media type', { type: 'imageStock', src: '/a.png' }, 'Invalid'],
  ])('%s → %s', (_, value, message) => {
    const result = parse(value);
    expect(result.success).toBe(message === undefined);
    if (message) expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('an item saved before media types is an image file', () => {
    expect(item({ src: '/assets/demo/tote.svg', alt: 'Tote' })).toEqual({
      type: 'imageFile',
      src: '/assets/demo/tote.svg',
      alt: 'Tote',
      title: '',
      description: '',
    });
  });

  it.each([
    ['https://www.youtube.com/watch?v=abc', 'youtube'],
    ['https://youtu.be/abc', 'youtube'],
    ['https://vimeo.com/76979871', 'vimeo'],
    ['https://vimeo.com/channels/staffpicks', undefined],
    ['not a link', undefined],
  ] as const)('video host of %s is %s', (url, host) => {
    expect(videoHostOf(url)).toBe(host);
    expect(videoLookupSchema.safeParse({ url }).success).toBe(host !== undefined);
  });
});

describe('what visitors see', () => {
  const file = { assetUrl: '/files/lib1/chair.jpg', altText: 'Oak chair' };
  const files = new Map<string, Record<string, unknown>>([['lib1', file]]);
  const items: GalleryItem[] = [
    item({ type: 'imageEmpty', title: 'To come' }),
    item({ type: 'imageFile', src: '/files/up1/a.png', alt: 'A' }),
    item({ type: 'assetReused', fileId: 'lib1' }),
    item({ type: 'assetReused', fileId: 'gone', alt: 'Deleted' }),
    item({
      type: 'video',
      url: 'https://vimeo.com/1',
      title: 'Workshop tour',
      poster: 'https://i.test/p.jpg',
    }),
  ];

  it('leaves out empty slots and library files that are gone; library alt text fills in', () => {
    const shown = shownGalleryItems(items, files);
    expect(shown.map((s) => [s.src, s.alt])).toEqual([
      ['/files/up1/a.png', 'A'],
      ['/files/lib1/chair.jpg', 'Oak chair'],
      ['https://i.test/p.jpg', 'Workshop tour'],
    ]);
    expect(shown[2]!.video).toEqual({
      url: 'https://vimeo.com/1',
      player: 'https://player.vimeo.com/video/1',
    });
  });

  it('the library file is followed: a renamed file shows at its new address', () => {
    const renamed = new Map([['lib1', { ...file, assetUrl: '/files/lib1/oak-chair.jpg' }]]);
    expect(shownGalleryItems([items[2]!], renamed)[0]!.src).toBe('/files/lib1/oak-chair.jpg');
  });

  it('the server loads the library files and uploads a gallery needs, nothing for slots and videos', () => {
    expect(galleryFileIds(items)).toEqual(['up1', 'lib1', 'gone']);
  });

  const render = (settings: Record<string, unknown>, data = EMPTY_RENDER_DATA) => {
    const definition = blockDefinition('gallery')!;
    const block = { id: 'b1', type: 'gallery', settings: definition.settings.parse(settings) };
    return renderBlock(block, data).html;
  };

  it('an empty slot is not rendered; flipping it to a picture shows it', () => {
    const slot = { type: 'imageEmpty', alt: 'Planned shot', title: 'Planned' };
    expect(render({ images: [slot] })).toContain('Add images to this gallery');
    expect(render({ images: [slot] })).not.toContain('Planned');
    const filled = render({ images: [{ ...slot, type: 'imageFile', src: '/a.png' }] });
    expect(filled).toContain('src="/a.png"');
    expect(filled).toContain('alt="Planned shot"');
  });

  it('a video shows its poster with a play link to the host and its player for the storefront', () => {
    const html = render({
      design: 'slideshow',
      images: [
        {
          type: 'video',
          url: 'https://www.youtube.com/watch?v=abc',
          title: 'Tour',
          poster: 'https://i.ytimg.com/vi/abc/hq.jpg',
        },
      ],
    });
    expect(html).toContain(
      'href="https://www.youtube.com/watch?v=abc" data-gallery-video="https://www.youtube-nocookie.com/embed/abc"',
    );
    expect(html).toContain('aria-label="Play video: Tour"');
    expect(html).toContain('src="https://i.ytimg.com/vi/abc/hq.jpg"');
  });

  it('a video without a poster shows a plain frame with its title, never an empty image', () => {
    const html = render({ images: [{ type: 'video', url: 'https://youtu.be/abc', title: 'Tour' }] });
    expect(html).toContain('<span class="gallery__poster-blank">Tour</span>');
    expect(html).not.toContain('src=""');
  });

  it('a library file renders from the site’s data at its address with its alt text', () => {
    const data = {
      ...EMPTY_RENDER_DATA,
      files,
    };
    const html = render({ images: [{ type: 'assetReused', fileId: 'lib1' }] }, data);
    expect(html).toContain('src="/files/lib1/chair.jpg"');
    expect(html).toContain('alt="Oak chair"');
  });
});

describe('imageLicensed: the licence’s credit', () => {
  const licensed = {
    type: 'imageLicensed',
    src: 'https://images.test/dune.jpg',
    alt: 'A dune at dawn',
    creator: 'Jane Doe',
    sourceUrl: 'https://www.unsplash.com/photos/abc',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  };
  const render = (images: unknown[], options: Record<string, unknown> = {}) => {
    const definition = blockDefinition('gallery')!;
    const block = { id: 'b1', type: 'gallery', settings: definition.settings.parse({ ...options, images }) };
    return renderBlock(block, EMPTY_RENDER_DATA).html;
  };

  it('credit required: the caption says who made it, where it is from and its licence, each linked', () => {
    const html = render([licensed], { design: 'grid' });
    expect(html).toContain(
      '<small class="gallery__credit">Photo: Jane Doe / <a href="https://www.unsplash.com/photos/abc" rel="noopener">unsplash.com</a>, <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener license">CC BY 4.0</a></small>',
    );
  });

  it('the alt text describes the picture and never carries the credit', () => {
    const html = render([licensed]);
    expect(html).toContain('alt="A dune at dawn"');
    expect(html).not.toMatch(/alt="[^"]*Jane Doe/);
  });

  it('flipping credit off removes the credit line', () => {
    const html = render([{ ...licensed, creditRequired: false }]);
    expect(html).toContain('src="https://images.test/dune.jpg"');
    expect(html).not.toContain('gallery__credit');
    expect(html).not.toContain('Jane Doe');
  });

  it('the credit shows even in a design whose captions are off (a slideshow without titles)', () => {
    const html = render([licensed], { design: 'slideshow', 'show-meta': false });
    expect(html).toContain('gallery__credit');
    expect(html).not.toContain('gallery__title');
  });

  it('without links the credit is plain text', () => {
    const html = render([{ ...licensed, sourceUrl: '', licenceUrl: '' }]);
    expect(html).toContain('<small class="gallery__credit">Photo: Jane Doe, CC BY 4.0</small>');
  });

  it('an uploaded licensed picture is loaded like any upload', () => {
    expect(galleryFileIds([item({ ...licensed, src: '/files/up9/dune.jpg' })])).toEqual(['up9']);
  });

  it('whatever the owner types, the credit is escaped text and the links stay web links', () => {
    const typed = fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(typed, typed, fc.webUrl(), (creator, licence, sourceUrl) => {
        const parsed = parse({ ...licensed, creator, licence, sourceUrl });
        if (!parsed.success) {
          // Refused only for characters PostgreSQL cannot store.
          expect(parsed.error.issues[0]!.message).toContain('cannot be stored');
          return;
        }
        const html = render([parsed.data]);
        const line = /<small class="gallery__credit">(.*?)<\/small>/s.exec(html)![1]!;
        expect(line).not.toMatch(/<(?!\/?a[ >])/);
        expect(line).toContain('href="http');
      }),
      { numRuns: 200 },
    );
  });
});
