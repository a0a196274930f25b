#!/usr/bin/env node
// Per-plugin benchmark: every formatter and predicate of the language (shared/conformance's
// formatters.txt and predicates.txt when present, else the list below) applied to each item of a
// list of representative inputs, rendered by this engine (A) and the reference (B) side by side,
// alternating rounds. Prints renders/s of both, the ratio A/B, and whether the outputs match;
// slowest ratios first. Exits 1 when a name has no case here.
//
//   node bench/plugins.mjs [--rounds 3] [--ms 200] [--only NAME]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as A from './adapter-site.mjs';
import * as B from './adapter-reference.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let rounds = 3;
let ms = 200;
let only = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--ms') ms = Number(args[++i]);
  else if (args[i] === '--only') only = args[++i];
}

const NOW = A.NOW;
const DAY = 86_400_000;
const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));
const words = [
  'Autumn',
  'harbour',
  'lights',
  "don't",
  'fade',
  '--',
  '"quietly"',
  'at',
  'dusk',
  '&',
  'café',
  '<b>',
];
const phrase = (i, n) => range(n, (k) => words[(i * 7 + k * 3) % words.length]).join(' ');

const website = {
  id: 'site1',
  siteTitle: 'Harbour & Co',
  baseUrl: 'https://harbour.example.com',
  timeZone: 'America/New_York',
  authenticUrl: 'https://harbour.example.com',
  socialAccounts: [
    { serviceId: 60, serviceName: 'twitter', profileUrl: 'https://x.test/harbour', screenname: 'harbour' },
  ],
};
const websiteSettings = {
  simpleLikingEnabled: true,
  disqusShortname: '',
  storeSettings: { selectedCurrency: 'USD', unitsMetric: false },
  colors: { accent: '#aa3322' },
};

const posts = range(20, (i) => ({
  id: `post${i}`,
  recordType: 1,
  title: phrase(i, 6),
  fullUrl: `/journal/post-${i}`,
  urlId: `post-${i}`,
  addedOn: NOW - i * 3 * DAY - i * 3_600_000,
  publishOn: NOW - i * 3 * DAY,
  updatedOn: NOW - i * DAY,
  excerpt: i % 3 === 0 ? '' : `<p>${phrase(i, 20)}</p>`,
  body: `<p>${phrase(i, 60)}</p><p>${phrase(i + 1, 40)}</p>`,
  tags: range(i % 4, (k) => `tag ${k}`),
  categories: i % 2 ? ['News'] : [],
  author: { displayName: `Author ${i % 3}`, id: `a${i % 3}` },
  assetUrl: i % 2 ? `https://static.example.com/p/${i}.jpg` : '',
  mainImageId: i % 2 ? `img${i}` : undefined,
  publicCommentCount: i % 5,
  commentState: 1,
  likeCount: i * 3,
  starred: i % 4 === 0,
  passthrough: i % 6 === 0,
  sourceUrl: i % 6 === 0 ? 'https://elsewhere.test/x' : '',
  customContent: { externalUrl: i % 5 === 0 ? 'https://x.test' : '' },
  location: {
    addressTitle: 'Pier 4',
    addressLine1: '4 Harbour St',
    addressLine2: 'Boston, MA',
    addressCountry: 'US',
    mapLat: 42.35,
    mapLng: -71.04,
  },
}));

const events = range(20, (i) => ({
  ...posts[i],
  recordType: 12,
  startDate: NOW + i * DAY + (i % 3) * 3_600_000,
  endDate: NOW + i * DAY + (i % 3) * 3_600_000 + (i % 4 === 0 ? 2 * DAY : 2 * 3_600_000),
}));

const images = range(20, (i) => ({
  id: `img${i}`,
  recordType: 2,
  title: phrase(i, 3),
  description: `<p>${phrase(i, 10)}</p>`,
  assetUrl: `https://images.example.com/g/${i}.jpg`,
  originalSize: `${1200 + i * 10}x${800 + i * 7}`,
  systemDataVariants: '100w,300w,500w,750w,1000w,1500w,2500w',
  mediaFocalPoint: { x: 0.4, y: 0.6 },
  colorData: {
    topLeftAverage: 'a1b2c3',
    topRightAverage: 'ffeedd',
    bottomLeftAverage: '102030',
    bottomRightAverage: '405060',
    centerAverage: '778899',
    suggestedBgColor: 'cccccc',
  },
  structuredContent: { _type: 'SqsVideo', html: '<iframe src="https://v.test/1"></iframe>', overlay: true },
  contentType: i % 5 === 0 ? 'audio/mp3' : 'image/jpeg',
  filename: `track${i}.mp3`,
  items: range(3, (k) => ({
    id: `c${k}`,
    assetUrl: `https://images.example.com/g/${i}-${k}.jpg`,
    originalSize: '800x600',
    title: `child ${k}`,
  })),
}));

const sharedDir = process.env.SHARED_DIR
  ? resolve(process.env.SHARED_DIR)
  : resolve(here, '..', '..', '..', '..', 'shared');
const gridFile = join(sharedDir, 'bench', 'workloads', 'product-grid.json');
const products = existsSync(gridFile)
  ? JSON.parse(readFileSync(gridFile, 'utf8')).json.items.slice(0, 20)
  : range(20, (i) => ({
      id: `p${i}`,
      recordType: 11,
      title: phrase(i, 2),
      fullUrl: `/shop/p/${i}`,
      structuredContent: {
        productType: 1,
        variants: [
          {
            id: `v${i}`,
            price: 1500 + i,
            salePrice: 1200,
            onSale: i % 2 === 0,
            priceMoney: { currency: 'USD', value: '15.00' },
            salePriceMoney: { currency: 'USD', value: '12.00' },
            qtyInStock: i % 3,
            unlimited: false,
            attributes: {},
            optionValues: [],
          },
        ],
      },
    }));

const numbers = range(20, (i) => ({
  n: [0, 1, 2, -1, 1.5, 14.5, 1234.5678, 1e6, 0.25, 99, 7, 3, 12, -40.5, 100, 5, 8, 2.5, 1000, 42][i],
  s: phrase(i, 4),
  ms: (i + 1) * 37_000 * (i + 1),
  money: { value: (12.5 * (i + 1)).toFixed(2), currency: ['USD', 'EUR', 'JPY', 'GBP'][i % 4] },
  cents: 1299 * (i + 1),
  xs: range(i % 5, (k) => ({ id: `k${k}`, title: `x${k}`, n: k })),
  key: ['title', 'id', 'n', 'missing'][i % 4],
}));

const formFields = range(20, (i) => ({
  title: `Field ${i}`,
  type: ['text', 'email', 'checkbox', 'address', 'name', 'phone', 'date', 'time', 'likert'][i % 9],
  value: i % 9 === 2 ? ['a', 'b'] : i % 9 === 3 ? { Line1: '1 Main St', City: 'Boston' } : `value ${i}`,
}));

const root = (items) => ({
  website,
  websiteSettings,
  collection: { id: 'c1', title: 'Journal', typeName: 'blog', type: 1, urlId: 'journal', ordering: 3 },
  cart: { totalQuantity: 3, subtotalCents: 4599, subtotal: { value: '45.99', currency: 'USD' } },
  localizedStrings: {},
  blockType: 2,
  items,
});

const DATA = {
  post: root(posts),
  event: root(events),
  image: root(images),
  product: root(products),
  num: root(numbers),
  form: root(formFields),
};

const f = (expr, data = 'post') => ({ kind: 'f', expr, data });
const p = (expr, data = 'post') => ({ kind: 'p', expr, data });

/** One representative use per name: the instruction inside `{.repeated section items}`. */
const CASES = {
  AbsUrl: f('{fullUrl|AbsUrl}'),
  'activate-twitter-links': f('{title|activate-twitter-links}'),
  'add-to-cart-btn': f('{@|add-to-cart-btn}', 'product'),
  apply: f('{@|apply card.block}'),
  'audio-player': f('{@|audio-player}', 'image'),
  'bookkeeper-money-format': f('{cents|bookkeeper-money-format}', 'num'),
  capitalize: f('{title|capitalize}'),
  'cart-quantity': f('{cart|cart-quantity}'),
  'cart-subtotal': f('{cart|cart-subtotal}'),
  'cart-url': f('{@|cart-url}'),
  'child-image-meta': f('{@|child-image-meta 1}', 'image'),
  'color-weight': f('{colorData.topLeftAverage|color-weight}', 'image'),
  'comment-count': f('{@|comment-count}'),
  'comment-link': f('{@|comment-link}'),
  comments: f('{@|comments}'),
  count: f('{tags|count}'),
  'cover-image-meta': f('{@|cover-image-meta}', 'image'),
  cycle: f('{@index|cycle odd even}'),
  date: f('{addedOn|date %A, %B %e, %Y %l:%M %p}'),
  datetime: f('{addedOn|datetime date:long time:short}'),
  'datetime-interval': f('{startDate,endDate|datetime-interval}', 'event'),
  datetimefield: f('{addedOn|datetimefield field:month}'),
  decimal: f('{n|decimal maxfrac:2}', 'num'),
  'encode-space': f('{title|encode-space}'),
  'encode-uri': f('{fullUrl|encode-uri}'),
  'encode-uri-component': f('{title|encode-uri-component}'),
  'find-first': f('{tags|find-first}'),
  'find-last': f('{tags|find-last}'),
  format: f('{title|format n a}'),
  'from-price': f('{@|from-price}', 'product'),
  get: f('{@|get title}'),
  'google-calendar-url': f('{@|google-calendar-url}', 'event'),
  height: f('{originalSize|height}', 'image'),
  html: f('{title|html}'),
  htmlattr: f('{title|htmlattr}'),
  htmltag: f('{title|htmltag}'),
  humanizeDuration: f('{ms|humanizeDuration}', 'num'),
  'i18n-money-format': f('{cents|i18n-money-format}', 'num'),
  image: f('{@|image}', 'image'),
  'image-color': f('{@|image-color}', 'image'),
  'image-meta': f('{@|image-meta}', 'image'),
  'image-srcset': f('{@|image-srcset}', 'image'),
  'item-classes': f('{@|item-classes}'),
  iter: f('{tags|iter}'),
  json: f('{author|json}'),
  'json-pretty': f('{author|json-pretty}'),
  'key-by': f('{xs|key-by id|json}', 'num'),
  'like-button': f('{@|like-button}'),
  'line-breaks': f('{title|line-breaks}'),
  lookup: f('{@|lookup key}', 'num'),
  message: f('{title|message n s}', 'num'),
  mod: f('{@index|mod 3}'),
  money: f('{money|money}', 'num'),
  'money-format': f('{cents|money-format}', 'num'),
  'money-string': f('{cents|money-string}', 'num'),
  moneyFormat: f('{cents|moneyFormat}', 'num'),
  'normal-price': f('{@|normal-price}', 'product'),
  output: f('{title|output a b}'),
  'percentage-format': f('{n|percentage-format}', 'num'),
  plural: f('{n|plural one item|items}', 'num'),
  pluralize: f('{likeCount|pluralize like likes}'),
  'product-checkout': f('{@|product-checkout}', 'product'),
  'product-price': f('{@|product-price}', 'product'),
  'product-quick-view': f('{@|product-quick-view}', 'product'),
  'product-restock-notification': f('{@|product-restock-notification}', 'product'),
  'product-scarcity': f('{@|product-scarcity}', 'product'),
  'product-status': f('{@|product-status}', 'product'),
  prop: f('{@|prop author.displayName}'),
  'quantity-input': f('{@|quantity-input}', 'product'),
  raw: f('{author|raw}'),
  'relative-time': f('{addedOn|relative-time}'),
  resizedHeightForWidth: f('{originalSize|resizedHeightForWidth 300}', 'image'),
  resizedWidthForHeight: f('{originalSize|resizedWidthForHeight 300}', 'image'),
  round: f('{n|round}', 'num'),
  safe: f('{body|safe}'),
  'sale-price': f('{@|sale-price}', 'product'),
  slugify: f('{title|slugify}'),
  smartypants: f('{title|smartypants}'),
  'social-button': f('{@|social-button}'),
  'social-button-inline': f('{@|social-button-inline}'),
  squarespaceThumbnailForHeight: f('{originalSize|squarespaceThumbnailForHeight 300}', 'image'),
  squarespaceThumbnailForWidth: f('{originalSize|squarespaceThumbnailForWidth 300}', 'image'),
  str: f('{likeCount|str}'),
  'subscription-price': f('{@|subscription-price}', 'product'),
  'summary-form-field': f('{@|summary-form-field}', 'form'),
  timesince: f('{addedOn|timesince}'),
  truncate: f('{body|truncate 100}'),
  'twitter-follow-button': f('{website.socialAccounts.0|twitter-follow-button}'),
  unit: f('{n|unit in:kilometer}', 'num'),
  'url-encode': f('{title|url-encode}'),
  'variant-descriptor': f('{structuredContent.variants.0|variant-descriptor}', 'product'),
  'variants-select': f('{@|variants-select}', 'product'),
  video: f('{@|video}', 'image'),
  'website-color': f('{@|website-color accent}'),
  width: f('{originalSize|width}', 'image'),

  'active-time?': p('{.active-time?}', 'event'),
  'attachment?': p('{.attachment?}'),
  'audio?': p('{.audio?}', 'image'),
  'background-source-instagram?': p('{.background-source-instagram?}'),
  'background-source-none?': p('{.background-source-none?}'),
  'background-source-undefined?': p('{.background-source-undefined?}'),
  'background-source-upload?': p('{.background-source-upload?}'),
  'background-source-video?': p('{.background-source-video?}'),
  'binary?': p('{.binary?}'),
  'calendar-view?': p('{.calendar-view?}'),
  'checkin?': p('{.checkin?}'),
  'child-images?': p('{.child-images?}', 'image'),
  'clickable?': p('{.clickable?}', 'image'),
  'collection-page?': p('{.collection-page?}'),
  'collection-template-page?': p('{.collection-template-page?}'),
  'collection?': p('{.collection?}'),
  'collectionTypeNameEquals?': p('{.collectionTypeNameEquals? blog}'),
  'comments?': p('{.comments?}'),
  'css-asset?': p('{.css-asset?}'),
  'current-type?': p('{.current-type? 1}'),
  'debug?': p('{.debug?}'),
  'digital-good?': p('{.digital-good?}', 'product'),
  'disqus?': p('{.disqus?}'),
  'equal?': p('{.equal? likeCount 9}'),
  'even?': p('{.even? @index}'),
  'event?': p('{.event?}', 'event'),
  'excerpt?': p('{.excerpt?}'),
  'external-link?': p('{.external-link?}'),
  'external-video?': p('{.external-video?}', 'image'),
  'folder?': p('{.folder?}'),
  'gallery-active-alignment-center?': p('{.gallery-active-alignment-center?}'),
  'gallery-active-alignment-left?': p('{.gallery-active-alignment-left?}'),
  'gallery-active-alignment-right?': p('{.gallery-active-alignment-right?}'),
  'gallery-auto-crop?': p('{.gallery-auto-crop?}'),
  'gallery-autoplay?': p('{.gallery-autoplay?}'),
  'gallery-controls?': p('{.gallery-controls?}'),
  'gallery-design-grid?': p('{.gallery-design-grid?}'),
  'gallery-design-slider?': p('{.gallery-design-slider?}'),
  'gallery-design-slideshow?': p('{.gallery-design-slideshow?}'),
  'gallery-design-stacked?': p('{.gallery-design-stacked?}'),
  'gallery-lightbox?': p('{.gallery-lightbox?}'),
  'gallery-meta-position-bottom-left?': p('{.gallery-meta-position-bottom-left?}'),
  'gallery-meta-position-bottom-right?': p('{.gallery-meta-position-bottom-right?}'),
  'gallery-meta-position-bottom?': p('{.gallery-meta-position-bottom?}'),
  'gallery-meta-position-center?': p('{.gallery-meta-position-center?}'),
  'gallery-meta-position-top-left?': p('{.gallery-meta-position-top-left?}'),
  'gallery-meta-position-top-right?': p('{.gallery-meta-position-top-right?}'),
  'gallery-meta-position-top?': p('{.gallery-meta-position-top?}'),
  'gallery-meta?': p('{.gallery-meta?}'),
  'gallery-show-meta-on-hover?': p('{.gallery-show-meta-on-hover?}'),
  'gallery-show-meta?': p('{.gallery-show-meta?}'),
  'gallery-square-thumbs?': p('{.gallery-square-thumbs?}'),
  'gallery-thumbnails?': p('{.gallery-thumbnails?}'),
  'gallery?': p('{.gallery?}'),
  'greaterThan?': p('{.greaterThan? likeCount 20}'),
  'greaterThanOrEqual?': p('{.greaterThanOrEqual? likeCount 21}'),
  'has-multiple?': p('{.has-multiple?}', 'product'),
  'has-variants?': p('{.has-variants?}', 'product'),
  'image?': p('{.image?}', 'image'),
  'index?': p('{.index?}'),
  'json-export?': p('{.json-export?}'),
  'kbarticle?': p('{.kbarticle?}'),
  'lessThan?': p('{.lessThan? likeCount 20}'),
  'lessThanOrEqual?': p('{.lessThanOrEqual? likeCount 21}'),
  'link?': p('{.link?}'),
  'location?': p('{.location?}'),
  'main-image?': p('{.main-image?}'),
  'notEqual?': p('{.notEqual? title "x"}'),
  'nth?': p('{.nth? @index 3}'),
  'odd?': p('{.odd? @index}'),
  'on-sale?': p('{.on-sale?}', 'product'),
  'passthrough?': p('{.passthrough?}'),
  'plural?': p('{.plural? publicCommentCount}'),
  'promotedCODE?': p('{.promotedCODE?}'),
  'promotedEMBED?': p('{.promotedEMBED?}'),
  'promotedFORM?': p('{.promotedFORM?}'),
  'promotedFOURSQUARE?': p('{.promotedFOURSQUARE?}'),
  'promotedIMAGE?': p('{.promotedIMAGE?}'),
  'promotedINSTAGRAM?': p('{.promotedINSTAGRAM?}'),
  'promotedLINK?': p('{.promotedLINK?}'),
  'promotedMAP?': p('{.promotedMAP?}'),
  'promotedQUOTE?': p('{.promotedQUOTE?}'),
  'promotedTWITTER?': p('{.promotedTWITTER?}'),
  'promotedVIDEO?': p('{.promotedVIDEO?}'),
  'quote?': p('{.quote?}'),
  'redirect?': p('{.redirect?}'),
  'same-day?': p('{.same-day?}', 'event'),
  'serviceNameEmail?': p('{.serviceNameEmail?}'),
  'show-past-events?': p('{.show-past-events?}'),
  'singular?': p('{.singular? publicCommentCount}'),
  'site-search?': p('{.site-search?}'),
  'sold-out?': p('{.sold-out?}', 'product'),
  'store-item?': p('{.store-item?}', 'product'),
  'text?': p('{.text?}'),
  'tweak-asset?': p('{.tweak-asset?}'),
  'tweet?': p('{.tweet?}'),
  'undefined?': p('{.undefined? mainImageId}'),
  'units-metric?': p('{.units-metric?}'),
  'varied-prices?': p('{.varied-prices?}', 'product'),
  'video?': p('{.video?}', 'image'),
  'wordpress-export?': p('{.wordpress-export?}'),
};

const listFile = (name) => join(sharedDir, 'conformance', name);
const names = existsSync(listFile('formatters.txt'))
  ? [listFile('formatters.txt'), listFile('predicates.txt')].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    )
  : Object.keys(CASES);
const missing = names.filter((n) => !CASES[n]);
if (missing.length) {
  console.log(`no case for: ${missing.join(', ')}`);
  process.exitCode = 1;
}

const partials = { 'card.block': '<a href="{fullUrl}">{title|html}</a>' };
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rate = (fn) => {
  let n = 0;
  const c0 = cpuMs();
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    for (let k = 0; k < 5; k++) fn();
    n += 5;
  }
  return (n * 1000) / Math.max(cpuMs() - c0, 0.001);
};
const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** Where two outputs part: a little of each from the first differing character. */
const difference = (a, b) => {
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return `at ${k}: A ${JSON.stringify(a.slice(k, k + 40))} B ${JSON.stringify(b.slice(k, k + 40))}`;
};

const rows = [];
for (const name of names) {
  const c = CASES[name];
  if (!c || (only && name !== only)) continue;
  const body = c.kind === 'f' ? c.expr : `${c.expr}Y{.or}N{.end}`;
  const template = `{.repeated section items}${body}|{.end}`;
  const json = DATA[c.data];
  const hA = A.compile(template, partials);
  const hB = B.compile(template, partials);
  const outA = A.renderCompiled(hA, json);
  const outB = B.renderCompiled(hB, json);
  const ra = [];
  const rb = [];
  for (let r = 0; r < rounds; r++) {
    ra.push(rate(() => A.renderCompiled(hA, json)));
    rb.push(rate(() => B.renderCompiled(hB, json)));
  }
  rows.push({ name, a: median(ra), b: median(rb), same: outA === outB, outA, outB });
}
rows.sort((x, y) => x.a / x.b - y.a / y.b);
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
for (const r of rows) {
  console.log(
    `${r.name.padEnd(38)} ${fmt(r.a).padStart(9)}/s vs ${fmt(r.b).padStart(9)}/s = ${(r.a / r.b).toFixed(2).padStart(6)}x` +
      (r.same ? '' : `  (outputs differ: ${difference(r.outA, r.outB)})`),
  );
}
const slower = rows.filter((r) => r.a < r.b);
const geo = Math.exp(rows.reduce((s, r) => s + Math.log(r.a / r.b), 0) / rows.length);
console.log(
  `${rows.length} formatters and predicates (20 items each): geometric mean ${geo.toFixed(2)}x, ` +
    `min ${(rows[0].a / rows[0].b).toFixed(2)}x (${rows[0].name}); ${slower.length} slower than the reference` +
    (slower.length ? `: ${slower.map((r) => r.name).join(', ')}` : ''),
);
