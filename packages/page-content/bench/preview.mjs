// The editor's live preview re-renders the page on every keystroke: the document's blocks, then
// the page template and the site layout around them, all with @site/template-engine in the
// browser. This measures that re-render for a page at the 60-block limit (platform.md §9), with
// one setting changed between runs as typing does. Target: p95 ≤ 16 ms (one frame at 60 Hz).
// Run after `pnpm build`: `pnpm bench` (in this package).
import { compile } from '@site/template-engine';
import { BLOCK_DEFINITIONS, LIMITS, createBlock, renderDocument } from '../dist/index.js';

const layout = compile(
  '<!doctype html><html lang="{website.language}"><head><title>{collection.title|htmltag} — {website.siteTitle|htmltag}</title></head><body>' +
    '<header><a href="/">{header.siteTitle|htmltag}</a><nav><ul>{.repeated section navigation.items}<li><a href="{fullUrl|htmlattr}">{title|htmltag}</a></li>{.end}</ul></nav></header>' +
    '<main>{mainContent}</main><footer>{footer.contentHtml}<p>{footer.copyright|htmltag}</p></footer></body></html>',
);
const pageTemplate = compile(
  '<article class="page"><h1>{collection.title|htmltag}</h1>{collection.mainContent}</article>',
);

const product = {
  id: 'p1',
  title: 'Waxed Canvas Tote',
  fullUrl: '/shop/p/tote',
  assetUrl: '/assets/demo/tote.svg',
  excerpt: '<p>Hard-wearing.</p>',
  structuredContent: {
    productType: 1,
    variants: [
      {
        id: 'v1',
        price: 8500,
        salePrice: 0,
        onSale: false,
        qtyInStock: 4,
        unlimited: false,
        priceMoney: { value: '85.00', currency: 'USD' },
      },
    ],
  },
};
const data = {
  products: new Map([['p1', product]]),
  collections: new Map([['shop', { title: 'Shop', fullUrl: '/shop', items: Array(8).fill(product) }]]),
  forms: new Map(),
};

// Every block type in turn up to the limit, with their default settings and real references.
const blocks = Array.from({ length: LIMITS.maxBlocksPerLayout }, (_, i) => {
  const block = createBlock(BLOCK_DEFINITIONS[i % BLOCK_DEFINITIONS.length].type);
  if (block.type === 'product') block.settings.productId = 'p1';
  if (block.type === 'summary') block.settings.collectionId = 'shop';
  // Rich text is cleaned again as it renders: measure blocks that hold some.
  if (block.type === 'text')
    block.settings.html =
      '<p>Hand tools, <strong>sharpened</strong> weekly.</p><ul><li>Bags</li><li>Paper</li></ul><p><a href="/shop">Shop</a></p>';
  return block;
});
const doc = {
  sections: [0, 1, 2].map((s) => ({
    id: `s${s}`,
    background: 'default',
    width: 'wide',
    blocks: blocks.slice(s * 20, s * 20 + 20),
  })),
};
const heading = blocks.find((b) => b.type === 'heading');
const context = {
  website: { siteTitle: 'Fieldnotes Supply Co.', language: 'en-US' },
  header: { siteTitle: 'Fieldnotes Supply Co.' },
  navigation: {
    items: ['Home', 'Shop', 'About', 'Contact'].map((title) => ({
      title,
      fullUrl: `/${title.toLowerCase()}`,
    })),
  },
  footer: { contentHtml: '', copyright: '© Fieldnotes' },
};

function rerender(i) {
  heading.settings = { ...heading.settings, text: `Typing ${i}` };
  const body = renderDocument(doc, data, { locale: 'en-US', timeZone: 'America/New_York' });
  const page = pageTemplate.render({ ...context, collection: { title: 'About', mainContent: body.html } });
  const html = layout.render({ ...context, collection: { title: 'About' }, mainContent: page.html }).html;
  if (body.errors.length) throw new Error(`template errors: ${body.errors[0].message}`);
  return html.length;
}

for (let i = 0; i < 200; i++) rerender(i);
const times = [];
let bytes = 0;
for (let i = 0; i < 2000; i++) {
  const start = performance.now();
  bytes = rerender(i);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(3);
console.log(
  `Preview re-render, ${LIMITS.maxBlocksPerLayout} blocks (${(bytes / 1024).toFixed(0)} KiB of HTML), 2000 runs:`,
);
console.log(
  `  median ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   max ${times.at(-1).toFixed(3)} ms   (target p95 ≤ 16 ms)`,
);
