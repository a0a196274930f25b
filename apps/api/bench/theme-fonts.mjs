// The themes' own fonts cut down to the characters nearly every page uses (basic Latin, the
// typographic punctuation, ©, · and the × and − of prices), written into each theme's assets:
// `pnpm --filter @site/api theme:fonts` after a @fontsource update. The full Latin files stay
// behind them in the theme's stylesheet for any other character, so a page only pays for them when
// its text needs them. hb-subset (harfbuzz, through subset-font) keeps kerning and ligatures; the
// output is committed like the preview images.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
// Keep in step with the unicode-range of the subset faces in the themes' stylesheets
// (themes/bistro/styles/bistro.css, themes/market/styles/market.css, themes/studio/styles/studio.css).
const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x2212, 0x2212],
];
const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

// Studio and Bistro build on Market: Studio's body text is Market's Inter.
for (const [theme, id, weight] of [
  ['bistro', 'playfair-display', 700],
  ['bistro', 'lora', 400],
  ['market', 'inter', 400],
  ['market', 'inter', 700],
  ['studio', 'bebas-neue', 400],
]) {
  const source = require.resolve(`@fontsource/${id}/files/${id}-latin-${weight}-normal.woff2`);
  const out = new URL(`../themes/${theme}/assets/fonts/${id}-${weight}-basic.woff2`, import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  const subset = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });
  writeFileSync(out, subset);
  console.log(`${theme} ${id} ${weight}: ${readFileSync(source).length} → ${subset.length} bytes`);
}
