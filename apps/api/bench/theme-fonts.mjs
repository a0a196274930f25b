// Bistro's two fonts cut down to the characters nearly every page uses (basic Latin, the
// typographic punctuation, ©, · and the × and − of prices), written into the theme's assets: `pnpm --filter @site/api theme:fonts`
// after a @fontsource update. The full Latin files stay behind them in bistro.css for any other
// character, so a page only pays for them when its text needs them. hb-subset (harfbuzz, through
// subset-font) keeps kerning and ligatures; the output is committed like the preview images.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
// Keep in step with the unicode-range of the subset faces in themes/bistro/styles/bistro.css.
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

for (const [id, weight] of [
  ['playfair-display', 700],
  ['lora', 400],
]) {
  const source = require.resolve(`@fontsource/${id}/files/${id}-latin-${weight}-normal.woff2`);
  const out = new URL(`../themes/bistro/assets/fonts/${id}-${weight}-basic.woff2`, import.meta.url);
  const subset = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });
  writeFileSync(out, subset);
  console.log(`${id} ${weight}: ${readFileSync(source).length} → ${subset.length} bytes`);
}
