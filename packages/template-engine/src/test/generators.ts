/**
 * fast-check arbitraries for well-formed templates and page-like data, shared by the
 * differential test (this engine against the reference) and the stress run. Each template comes
 * with its atoms, the smallest templates that exercise one of its features, so that a
 * disagreement can be put in a class.
 */
import fc from 'fast-check';

export interface Atom {
  /** `|name` for a formatter, `.name?` for a predicate, `.section` etc. for instructions. */
  label: string;
  src: string;
}

export interface Generated {
  src: string;
  atoms: Atom[];
  /** A block inside `.alternates with`: a deliberate difference (the reference moves it). */
  blockInBetween?: boolean;
}

const KEYS = [
  'a',
  'b',
  'n',
  's',
  'items',
  'item',
  'title',
  'price',
  'img',
  'when',
  'money',
  'msg',
  'x',
  // A data key that shadows a method of every object (the reference tests keys with it).
  'hasOwnProperty',
];
const PATHS = [
  ...KEYS,
  '@',
  '@index',
  'a.b',
  'items.0',
  'item.id',
  'money.value',
  'missing',
  'a.0',
  '$x',
  '@v',
  'item.1',
  'a.hasOwnProperty',
  'item.hasOwnProperty.a',
];

const NUMBERS = [0, 1, 2, -1, 1.5, 14.5, 2.0005, 1e21, 1700000000000, 0.1];
const STRINGS = [
  '',
  'a',
  'A b',
  '<b>&"\'',
  '0',
  '1',
  '12.5',
  'x y z',
  'https://x.test/a b',
  'Hello {0}',
  "It's {0}",
  'é€',
];

const scalar = fc.oneof(
  fc.constantFrom<unknown>(...NUMBERS, ...STRINGS, true, false, null),
  fc.integer({ min: -1000, max: 1000 }),
  fc.string({ maxLength: 6 }),
);

const shaped = fc.constantFrom<unknown>(
  { value: '14.5', currency: 'JPY' },
  { value: '1234.5', currency: 'USD' },
  { value: '-12.5', currency: 'XYZ' },
  { value: '12.5', currency: 'usd' },
  { decimalValue: '1234.5', currencyCode: 'BYR' },
  { decimalValue: '3', currencyCode: 'EUR' },
  { structuredContent: { productType: 1, variants: [{ priceMoney: { value: '10', currency: 'USD' } }] } },
  {
    structuredContent: {
      productType: 2,
      onSale: true,
      priceMoney: { value: '10', currency: 'USD' },
      salePriceMoney: { value: '8', currency: 'USD' },
    },
  },
  { id: 'i1', fullUrl: '/p', publicCommentCount: 2 },
  { assetUrl: '/i.jpg', systemDataVariants: '1500x983,100w,300w', originalSize: '1500x983' },
  { startDate: 1700000000000, endDate: 1700003600000, title: 'Event' },
);

const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    shaped,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('v'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).v;

/** Page-like data: an object with some of the keys templates use, values of any shape. */
// Plain prototypes: page data comes from JSON.parse (the reference misreads null-prototype objects).
export const dataArb: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.constantFrom(...KEYS), value, {
  maxKeys: 8,
  noNullPrototype: true,
});

/**
 * Formatters both engines have, with typical arguments. Left out: those the reference only names
 * (money-format, money-string, moneyFormat, i18n-money-format, unit, datetimefield print their
 * input unchanged there).
 */
const FORMATTERS = [
  'html',
  'htmlattr',
  'htmltag',
  'json',
  'json-pretty',
  'count',
  'cycle a b',
  'encode-space',
  'encode-uri',
  'encode-uri-component',
  'format a b',
  'get b',
  'iter',
  'key-by id',
  'lookup s',
  'mod 3',
  'output x',
  'pluralize',
  'pluralize y ies',
  'prop b',
  'raw',
  'round',
  'safe',
  'slugify',
  'smartypants',
  'str',
  'truncate 5',
  'truncate 3 …',
  'url-encode',
  'date %Y-%m-%d %H:%M',
  'date %A %B %e',
  'datetime',
  'datetime date:short',
  'datetime:date:full:calendar:japanese',
  'datetime date:long calendar:buddhist',
  'datetime time:short yMMMd',
  'datetime date:medium hm',
  'datetime medium',
  'datetime yMMMEd',
  'decimal',
  'decimal maxfrac:1',
  'decimal style:scientific',
  'decimal style:scientific maxfrac:2',
  'decimal style:percent',
  'decimal style:short',
  'money',
  'money style:code',
  'money style:accounting',
  'message n s',
  'capitalize',
  'humanizeDuration',
  'comment-count',
  'comment-link',
  'product-price',
  'image-srcset',
  'product-scarcity',
  'width',
  'height',
  'AbsUrl',
  'item-classes',
  'activate-twitter-links',
  'like-button',
  'timesince',
  'from-price',
  'normal-price',
  'sale-price',
  'variant-descriptor',
  'percentage-format',
  'find-first',
  'google-calendar-url',
  'apply m',
  // Markup, images, commerce and i18n formatters whose input is often not what they expect.
  'add-to-cart-btn',
  'product-checkout',
  'subscription-price',
  'product-quick-view',
  'product-status',
  'quantity-input',
  'variants-select',
  'product-restock-notification',
  'cart-quantity',
  'cart-subtotal',
  'cart-url',
  'bookkeeper-money-format',
  'audio-player',
  'child-image-meta',
  'cover-image-meta',
  'image',
  'image-meta',
  'image-color',
  'image-color topLeft',
  'color-weight',
  'website-color',
  'video',
  'resizedHeightForWidth 100',
  'resizedWidthForHeight 100',
  'squarespaceThumbnailForWidth 640',
  'squarespaceThumbnailForHeight 480',
  'find-last',
  'line-breaks',
  'datetime-interval',
  'plural',
  'relative-time',
  'social-button',
  'social-button-inline',
  'twitter-follow-button',
  'summary-form-field',
  'comments',
  'capitalize',
  'encode-space',
  'key-by title',
];

const PREDICATES = [
  'equal? a b',
  'equal? n 1',
  'notEqual? a s',
  'greaterThan? n 1',
  'lessThan? n 2',
  'even?',
  'odd?',
  'nth? 2',
  'plural?',
  'singular?',
  'main-image?',
  'excerpt?',
  'collection?',
  'on-sale?',
  'sold-out?',
  'has-variants?',
  'comments?',
  'disqus?',
  'text?',
  'image?',
  'same-day?',
  'external-link?',
  'passthrough?',
  'varied-prices?',
  'calendar-view?',
  'child-images?',
  'clickable?',
  'collection-page?',
  'folder?',
  'gallery-meta?',
  'has-multiple?',
  'index?',
  'location?',
  'redirect?',
  'show-past-events?',
  'video?',
  'greaterThanOrEqual? n 2',
  'lessThanOrEqual? n 2',
  'undefined?',
  'event?',
  'store-item?',
  'gallery?',
  'background-source-video?',
  'promotedIMAGE?',
  'gallery-design-grid?',
  'collectionTypeNameEquals? x',
];

const pathArb = fc.constantFrom(...PATHS);
const sectionPath = fc.constantFrom(...KEYS, 'a.b', 'items.0', 'item', 'missing');
const textArb = fc.oneof(
  fc.constantFrom('', ' ', 'x', '<p>', '\n', ' - ', '{', '}', '{ x }', 'a{b'),
  fc.string({ maxLength: 5 }).map((s) => s.replace(/[{}]/g, '')),
);

const leaf = (src: string, label?: string): Generated => ({ src, atoms: label ? [{ label, src }] : [] });

const leafArb: fc.Arbitrary<Generated> = fc.oneof(
  textArb.map((t) => leaf(t)),
  pathArb.map((p) => leaf(`{${p}}`, '{var}')),
  fc
    .tuple(pathArb, fc.constantFrom(...FORMATTERS))
    .map(([p, f]) => leaf(`{${p}|${f}}`, `|${f.split(' ')[0]}`)),
  fc
    .tuple(pathArb, fc.constantFrom(...FORMATTERS), fc.constantFrom(...FORMATTERS))
    .map(([p, f, g]) => leaf(`{${p}|${f}|${g}}`, `|${f.split(' ')[0]}|${g.split(' ')[0]}`)),
  fc.tuple(pathArb, pathArb).map(([p, q]) => leaf(`{${p},${q}|format}`, '{a,b|format}')),
  pathArb.map((p) => leaf(`{.var @v ${p}}`, '.var')),
  fc
    .constantFrom('1 + 2', '@v = n * 2; @v', 'n > 1', '"s" + a', 'max(1, n)', 'str(n) + "x"', 'a == b')
    .map((e) => leaf(`{.eval ${e}}`, '.eval')),
  fc
    .constantFrom('{.space}', '{.newline}', '{.meta-left}', '{.meta-right}', '{# c}', '{.tab}')
    .map((t) => leaf(t)),
);

const join = (...parts: (Generated | string)[]): Generated => {
  let src = '';
  const atoms: Atom[] = [];
  let blockInBetween = false;
  for (const p of parts) {
    if (typeof p === 'string') src += p;
    else {
      src += p.src;
      atoms.push(...p.atoms);
      blockInBetween ||= p.blockInBetween === true;
    }
  }
  return { src, atoms, blockInBetween };
};

const BLOCK_LABELS = /^\.(section|repeated|if|[\w-]+\?)$/;

const blockAtom = (open: string, label: string): Atom => ({ label, src: `${open}Y{.or}N{.end}` });

const tree = fc.letrec<{ node: Generated; body: Generated }>((tie) => ({
  body: fc.array(tie('node'), { maxLength: 4 }).map((xs) => join(...xs)),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.tuple(sectionPath, tie('body'), fc.option(tie('body'))).map(([p, b, alt]) => {
      const open = `{.section ${p}}`;
      const g = alt ? join(open, b, '{.or}', alt, '{.end}') : join(open, b, '{.end}');
      g.atoms.push(blockAtom(open, '.section'));
      return g;
    }),
    fc
      .tuple(sectionPath, tie('body'), fc.option(tie('body')), fc.option(tie('body')))
      .map(([p, b, between, alt]) => {
        const open = `{.repeated section ${p}}`;
        const g = join(
          open,
          b,
          ...(between ? ['{.alternates with}', between] : []),
          ...(alt ? ['{.or}', alt] : []),
          '{.end}',
        );
        if (between?.atoms.some((a) => BLOCK_LABELS.test(a.label))) g.blockInBetween = true;
        g.atoms.push(blockAtom(open, '.repeated'));
        return g;
      }),
    fc.tuple(fc.constantFrom(...PREDICATES), tie('body'), fc.option(tie('body'))).map(([p, b, alt]) => {
      const open = `{.${p}}`;
      const g = alt ? join(open, b, '{.or}', alt, '{.end}') : join(open, b, '{.end}');
      g.atoms.push(blockAtom(open, `.${p.split(' ')[0]}`));
      return g;
    }),
    fc.tuple(pathArb, fc.constantFrom('||', '&&'), pathArb, tie('body')).map(([p, op, q, b]) => {
      const open = `{.if ${p} ${op} ${q}}`;
      const g = join(open, b, '{.end}');
      g.atoms.push(blockAtom(open, '.if'));
      return g;
    }),
  ),
})).body;

/** A macro `m` (never applying itself: the reference has no work budget) and a body. */
export const templateArb: fc.Arbitrary<Generated> = fc
  .tuple(fc.option(fc.array(leafArb, { maxLength: 3 })), tree)
  .map(([macro, body]) => {
    if (!macro) return body;
    const m = join(...macro.filter((g) => !g.src.includes('apply m')));
    return join('{.macro m}', m, '{.end}', body);
  });
