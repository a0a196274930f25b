import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_DEFINITIONS } from '../blocks/registry';
import { createBlock, pageDocumentSchema, type Block } from '../document/page-document';
import { documentReferences, renderBlock, renderDocument } from './render-document';

const block = (type: string, settings: Record<string, unknown>): Block => ({
  id: 'b1',
  type,
  settings: { ...createBlock(type).settings, ...settings },
});

describe('rendering blocks', () => {
  it.each(BLOCK_DEFINITIONS.map((d) => d.type))('renders a new %s block without template errors', (type) => {
    const rendered = renderBlock({ ...createBlock(type), id: 'blk' });
    expect(rendered.errors).toEqual([]);
    expect(rendered.html).toContain('data-block-id="blk"');
    expect(rendered.html).toContain(`block--${type}`);
  });

  it.each([
    [1, '<h1'],
    [2, '<h2'],
    [3, '<h3'],
    [4, '<h4'],
  ])('renders a level %i heading as %s', (level, tag) => {
    expect(renderBlock(block('heading', { text: 'Hi', level })).html).toContain(
      `${tag} class="align-left">Hi</h`,
    );
  });

  it('escapes text a visitor sees', () => {
    const html = renderDocument(
      pageDocumentSchema.parse({
        sections: [
          {
            id: 's',
            blocks: [
              { id: 'h', type: 'heading', settings: { text: '<script>alert(1)</script>' } },
              { id: 't', type: 'text', settings: { text: '<img src=x onerror=alert(1)>' } },
              { id: 'i', type: 'image', settings: { alt: '" onload="alert(1)' } },
            ],
          },
        ],
      }),
    ).html;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('" onload="');
  });

  it('splits text into paragraphs on blank lines and keeps single line breaks', () => {
    const html = renderBlock(block('text', { text: 'One\nline two\n\nTwo' })).html;
    expect(html.match(/<p>/g)).toHaveLength(2);
    expect(html).toContain('One<br');
  });

  it('shows a product from the site data, and an empty state without it', () => {
    const product = {
      id: 'p1',
      title: 'Tote',
      fullUrl: '/shop/p/tote',
      structuredContent: { productType: 1, variants: [] },
    };
    const data = { products: new Map([['p1', product]]), collections: new Map(), forms: new Map() };
    expect(renderBlock(block('product', { productId: 'p1' }), data).html).toContain('href="/shop/p/tote"');
    expect(renderBlock(block('product', { productId: 'gone' }), data).html).toContain('Choose a product');
  });

  it('renders every field type of a form in the shape the storefront script reads', () => {
    const fields = [
      { id: 'head', type: 'section', title: 'About <you>', underline: true },
      { id: 'mood', type: 'likert', title: 'Mood', options: ['Quick', 'Kind'] },
      { id: 'addr', type: 'address', title: 'Address' },
      { id: 'src', type: 'hidden', title: '', key: 'utm', value: 'direct' },
      { id: 'tel', type: 'phone', title: 'Phone', showCountryCode: true },
      { id: 'tip', type: 'currency', title: 'Tip', currencySymbol: '€' },
      { id: 'pick', type: 'select', title: 'Pick', options: ['A', 'B'] },
    ];
    const data = {
      products: new Map(),
      collections: new Map(),
      forms: new Map([['f', { name: 'Survey', fields, parsedDisclaimerMessage: '<b>We keep it</b>' }]]),
    };
    const { html, errors } = renderBlock(block('form', { formId: 'f', buttonLabel: 'Send' }), data);
    expect(errors).toEqual([]);
    expect(html).toContain('<h2 class="form-section-title underline">About &lt;you&gt;</h2>');
    expect(html.match(/name="mood-1"/g)).toHaveLength(5);
    expect(html.match(/name="mood-2"/g)).toHaveLength(5);
    expect(html.match(/name="addr"/g)).toHaveLength(6);
    expect(html.match(/name="tel"/g)).toHaveLength(4);
    expect(html).not.toContain('name="src"');
    expect(html).toContain('<span class="currency-symbol">€</span>');
    expect(html).toContain('<option value="B">B</option>');
    expect(html).toContain('&lt;b&gt;We keep it&lt;/b&gt;');
    expect(html).toContain('>Send</button>');
  });

  it('embeds YouTube through the privacy-enhanced player and plays files directly', () => {
    expect(renderBlock(block('video', { url: 'https://www.youtube.com/watch?v=abc' })).html).toContain(
      'src="https://www.youtube-nocookie.com/embed/abc"',
    );
    expect(renderBlock(block('video', { url: 'https://cdn.example/v.mp4' })).html).toContain(
      '<video src="https://cdn.example/v.mp4"',
    );
  });

  it('lists the site data a document needs', () => {
    const doc = pageDocumentSchema.parse({
      sections: [
        {
          id: 's',
          blocks: [
            { id: 'a', type: 'product', settings: { productId: 'p1' } },
            { id: 'b', type: 'product', settings: { productId: 'p1' } },
            { id: 'c', type: 'summary', settings: { collectionId: 'shop' } },
            { id: 'd', type: 'form', settings: { formId: 'f' } },
            { id: 'e', type: 'website-component', settings: { componentId: 'hours' } },
            { id: 'f', type: 'website-component', settings: {} },
          ],
        },
      ],
    });
    expect(documentReferences(doc)).toEqual({
      products: ['p1'],
      collections: ['shop'],
      forms: ['f'],
      files: [],
      pages: [],
      components: ['hours'],
      photoFeeds: [],
    });
  });

  it('gives an uploaded image a srcset of its processed sizes, and keeps other images plain', () => {
    const file = {
      assetUrl: '/files/f1/shop.jpg',
      systemDataVariants: '1200x800,100w,300w,500w,750w,1000w',
      originalSize: '1200x800',
    };
    const data = {
      products: new Map(),
      collections: new Map(),
      forms: new Map(),
      files: new Map([['f1', file]]),
    };
    const uploaded = renderBlock(block('image', { src: '/files/f1/shop.jpg' }), data).html;
    expect(uploaded).toContain('srcset="/files/f1/shop.jpg?format=100w 100w,');
    expect(uploaded).toContain('/files/f1/shop.jpg?format=1000w 1000w');
    expect(uploaded).toContain('sizes=');
    expect(renderBlock(block('image', { src: '/assets/demo/tote.svg' }), data).html).not.toContain('srcset');
    const doc = pageDocumentSchema.parse({
      sections: [
        {
          id: 's',
          blocks: [
            { id: 'i', type: 'image', settings: { src: '/files/f1/shop.jpg' } },
            { id: 'g', type: 'gallery', settings: { images: [{ src: '/files/f2/a.png' }] } },
          ],
        },
      ],
    });
    expect(documentReferences(doc).files).toEqual(['f1', 'f2']);
  });

  it("applies an uploaded image's focal point, and its alt text when the block has none", () => {
    const file = {
      assetUrl: '/files/f1/shop.jpg',
      systemDataVariants: '1200x800,100w',
      originalSize: '1200x800',
      altText: 'Our "shop" front',
      mediaFocalPoint: { x: 0.25, y: 0.8 },
    };
    const data = {
      products: new Map(),
      collections: new Map(),
      forms: new Map(),
      files: new Map([['f1', file]]),
    };
    const html = renderBlock(block('image', { src: '/files/f1/shop.jpg' }), data).html;
    expect(html).toContain('data-image-focal-point="0.25,0.8" style="object-position: 25% 80%"');
    expect(html).toContain('alt="Our &quot;shop&quot; front"');
    expect(renderBlock(block('image', { src: '/files/f1/shop.jpg', alt: 'Own words' }), data).html).toContain(
      'alt="Own words"',
    );
    // A focal point that is not a pair of numbers (stored data gone wrong) is left out, never printed.
    const odd = { ...file, mediaFocalPoint: { x: '1;color:red', y: 0 } };
    const oddHtml = renderBlock(block('image', { src: '/files/f1/shop.jpg' }), {
      ...data,
      files: new Map([['f1', odd]]),
    }).html;
    expect(oddHtml).not.toContain('object-position');
    expect(renderBlock(block('image', { src: '/assets/demo/tote.svg' }), data).html).not.toContain(
      'object-position',
    );
  });

  it('never throws and never lets markup through from any heading or text a person types', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.string({ maxLength: 200 }),
        (heading, body) => {
          const doc = pageDocumentSchema.safeParse({
            sections: [
              {
                id: 's',
                blocks: [
                  { id: 'h', type: 'heading', settings: { text: heading } },
                  { id: 't', type: 'text', settings: { text: body } },
                ],
              },
            ],
          });
          if (!doc.success) return;
          const { html, errors } = renderDocument(doc.data);
          expect(errors).toEqual([]);
          const inner = html.replace(/<\/?(section|div|h2|p|br)\b[^>]*>/g, '');
          expect(inner).not.toMatch(/</);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('documents saved before a setting existed', () => {
  it('render with the setting’s default instead of failing', () => {
    const old = { id: 'old', type: 'text', settings: { text: 'Saved long ago', align: 'left' } };
    const rendered = renderBlock(old);
    expect(rendered.errors).toEqual([]);
    expect(rendered.html).toContain('<p>Saved long ago</p>');
    expect(
      documentReferences({ sections: [{ id: 's', background: 'default', width: 'wide', blocks: [old] }] })
        .products,
    ).toEqual([]);
  });
});

describe('rendering sections on a grid', () => {
  const spacer = (id: string, place?: object) => ({
    id,
    type: 'spacer',
    settings: {},
    ...(place && { place }),
  });
  const cells = (html: string) =>
    [...html.matchAll(/data-block-id="(\w+)"[^>]*style="([^"]*)"/g)].map(([, id, style]) => [id, style]);

  it('writes each block placement and phone position, in reading order', () => {
    const doc = pageDocumentSchema.parse({
      sections: [
        {
          id: 's',
          blocks: [
            spacer('right', { column: 7, span: 6, row: 1, rows: 1 }),
            spacer('left', { column: 1, span: 6, row: 1, rows: 2 }),
          ],
          phoneOrder: ['right', 'left'],
        },
      ],
    });
    expect(cells(renderDocument(doc).html)).toEqual([
      ['left', '--col:1;--span:6;--row:1;--rows:2;--phone:1'],
      ['right', '--col:7;--span:6;--row:1;--rows:1;--phone:0'],
    ]);
  });

  it('renders a page saved before the grid as full-width rows in its order, without parsing it first', () => {
    const html = renderDocument({
      sections: [
        { id: 's', background: 'default', width: 'wide', blocks: [spacer('a'), spacer('b')] as Block[] },
      ],
    }).html;
    expect(cells(html)).toEqual([
      ['a', '--col:1;--span:12;--row:1;--rows:1;--phone:0'],
      ['b', '--col:1;--span:12;--row:2;--rows:1;--phone:1'],
    ]);
  });

  it('writes only integers into the style attribute, whatever an unparsed document holds', () => {
    const hostile = { column: '1;background:url(x)', span: 12, row: 1, rows: 1 } as never;
    const html = renderDocument({
      sections: [
        { id: 's', background: 'default', width: 'wide', blocks: [spacer('a', hostile)] as Block[] },
      ],
    }).html;
    expect(html).toContain('style="--col:0;--span:12;--row:1;--rows:1;--phone:0"');
  });
});
