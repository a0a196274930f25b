import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { imageFormatters as f } from './images';
import { altFromFields, MAX_ALT_TEXT_LENGTH } from './meta';

const photo = {
  id: 'img1',
  title: 'Lake "at" dawn',
  assetUrl: '/a/lake.jpg',
  originalSize: '1600x900',
  mediaFocalPoint: { x: 0.25, y: 0.75 },
};

describe('image meta and alt text', () => {
  it('writes the loader attributes with an escaped alt', () => {
    expect(run(f['image-meta'], photo, [], fakeContext())).toBe(
      'data-src="/a/lake.jpg" data-image="/a/lake.jpg" data-image-dimensions="1600x900" ' +
        'data-image-focal-point="0.25,0.75" alt="Lake &quot;at&quot; dawn" ',
    );
  });

  it('marks licensed previews and component keys, and centres a missing focal point', () => {
    const out = run(
      f['image-meta'],
      { assetUrl: '/x', licensedAssetPreview: {}, componentKey: 'k1' },
      [],
      fakeContext(),
    );
    expect(out).toBe(
      'data-licensed-asset-preview="true" data-component-key="k1" data-src="/x" data-image="/x" ' +
        'data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="" ',
    );
  });

  it.each([
    [{ title: 'T', body: 'B', filename: 'F' }, 'T'],
    [{ title: '', body: '<p>Body</p>', filename: 'F' }, ' Body '],
    [{ body: '', filename: 'file.png' }, 'file.png'],
    [{}, ''],
  ])('alt from %j', (img, alt) => expect(altFromFields(img)).toBe(alt));

  it('cuts body alt text at 250 characters (spec §9)', () => {
    expect(altFromFields({ body: 'x'.repeat(400) })).toHaveLength(MAX_ALT_TEXT_LENGTH);
  });

  it('prefers the altText of an image block, even empty', () => {
    const ctx = fakeContext({ root: { blockType: 5 } });
    expect(run(f['image-meta'], { ...photo, altText: '  ' }, [], ctx)).toContain('alt="" ');
  });

  it('reads child and cover images', () => {
    const ctx = fakeContext();
    expect(run(f['child-image-meta'], { items: [{}, photo] }, ['1'], ctx)).toContain(
      'data-src="/a/lake.jpg"',
    );
    expect(run(f['child-image-meta'], { items: [] }, ['3'], ctx)).toBe('');
    expect(run(f['cover-image-meta'], { coverImage: photo }, [], ctx)).toContain(
      'data-image-focal-point="0.25,0.75"',
    );
  });
});

describe('image', () => {
  it('renders a noscript fallback and a lazy image', () => {
    expect(run(f.image, photo, ['hero'], fakeContext())).toBe(
      '<noscript><img src="/a/lake.jpg" alt="Lake &quot;at&quot; dawn" /></noscript><img class="hero" ' +
        'data-src="/a/lake.jpg" data-image="/a/lake.jpg" data-image-dimensions="1600x900" ' +
        'data-image-focal-point="0.25,0.75" alt="Lake &quot;at&quot; dawn" data-load="false" ' +
        'data-image-id="img1" data-type="image" />',
    );
    expect(run(f.image, photo, [], fakeContext())).toContain('class="thumb-image"');
  });
});

describe('image-srcset (spec §9 widths)', () => {
  it.each([
    [
      '2000x1000,100w,300w',
      ' srcset="/i.jpg?format=100w 100w,/i.jpg?format=300w 300w,/i.jpg?format=original 500w"',
    ],
    ['100w,2500w', ' srcset="/i.jpg?format=100w 100w,/i.jpg?format=2500w 2500w"'],
  ])('%s', (variants, expected) =>
    expect(run(f['image-srcset'], { assetUrl: '/i.jpg', systemDataVariants: variants })).toBe(expected),
  );

  it('passes an image without width variants through unchanged', () => {
    const img = { assetUrl: '/i.jpg', systemDataVariants: '800x600' };
    expect(run(f['image-srcset'], img)).toBe(img);
    expect(run(f['image-srcset'], 3)).toBe(3);
  });

  it('prints nothing without an image', () => expect(run(f['image-srcset'], undefined)).toBeUndefined());
});

describe('image-color', () => {
  const img = { colorData: { topLeftAverage: 'a1b2c3', centerAverage: '000' } };
  it.each([
    [['topLeft'], '#a1b2c3'],
    [['center', 'background-color'], 'background-color: #000'],
    [['bottomRight'], '"bottomRight" not found.'],
  ])('%j', (args, out) => expect(run(f['image-color'], img, args)).toBe(out));

  it('lists all five corners without arguments, and nothing without colour data', () => {
    expect(run(f['image-color'], img)).toBe(
      'data-color-topLeft="#a1b2c3" data-color-topRight="#" data-color-bottomLeft="#" data-color-bottomRight="#" data-color-center="#000" ',
    );
    expect(run(f['image-color'], {})).toBeUndefined();
  });
});
