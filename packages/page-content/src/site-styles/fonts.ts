/**
 * The site's fonts: a small curated kit self-hosted from npm font packages (served by the site's
 * own server under `/assets/fonts/`, never an outside font service) plus system stacks that need
 * no download. Ids are stable: stored site styles name them.
 */
export const FONT_CATEGORIES = [
  'Sans Serif',
  'Serif',
  'Display',
  'Script',
  'Slab Serif',
  'Mono',
  'Other',
] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface FontDefinition {
  id: string;
  /** The family name shown in the picker and used in `@font-face`. */
  family: string;
  category: FontCategory;
  /** `kit`: files served by this site's server; `system`: already on the visitor's device. */
  source: 'kit' | 'system';
  /** Weights with a file in the kit (normal style, Latin subset); empty for system fonts. */
  weights: readonly number[];
  /** What the browser uses while the file loads or when it fails. */
  fallback: string;
}

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SERIF = 'Georgia, "Times New Roman", serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

export const FONTS: readonly FontDefinition[] = [
  {
    id: 'inter',
    family: 'Inter',
    category: 'Sans Serif',
    source: 'kit',
    weights: [400, 700],
    fallback: SANS,
  },
  {
    id: 'system',
    family: 'System UI',
    category: 'Sans Serif',
    source: 'system',
    weights: [],
    fallback: SANS,
  },
  {
    id: 'humanist',
    family: 'Humanist',
    category: 'Sans Serif',
    source: 'system',
    weights: [],
    fallback: '"Gill Sans", "Gill Sans MT", Calibri, "Trebuchet MS", sans-serif',
  },
  { id: 'lora', family: 'Lora', category: 'Serif', source: 'kit', weights: [400, 700], fallback: SERIF },
  { id: 'serif', family: 'Georgia', category: 'Serif', source: 'system', weights: [], fallback: SERIF },
  {
    id: 'playfair-display',
    family: 'Playfair Display',
    category: 'Display',
    source: 'kit',
    weights: [400, 700],
    fallback: SERIF,
  },
  {
    id: 'bebas-neue',
    family: 'Bebas Neue',
    category: 'Display',
    source: 'kit',
    weights: [400],
    fallback: SANS,
  },
  {
    id: 'dancing-script',
    family: 'Dancing Script',
    category: 'Script',
    source: 'kit',
    weights: [400, 700],
    fallback: 'cursive',
  },
  {
    id: 'roboto-slab',
    family: 'Roboto Slab',
    category: 'Slab Serif',
    source: 'kit',
    weights: [400, 700],
    fallback: SERIF,
  },
  {
    id: 'jetbrains-mono',
    family: 'JetBrains Mono',
    category: 'Mono',
    source: 'kit',
    weights: [400, 700],
    fallback: MONO,
  },
  { id: 'mono', family: 'System Mono', category: 'Mono', source: 'system', weights: [], fallback: MONO },
  {
    id: 'special-elite',
    family: 'Special Elite',
    category: 'Other',
    source: 'kit',
    weights: [400],
    fallback: MONO,
  },
];

export const FONT_IDS = FONTS.map((f) => f.id) as [string, ...string[]];
export const fontById = (id: string): FontDefinition | undefined => FONTS.find((f) => f.id === id);

/** Where the server serves a kit font's file: `/assets/fonts/<id>/<weight>.woff2`. */
export const fontFileUrl = (id: string, weight: number) => `/assets/fonts/${id}/${weight}.woff2`;

/** The CSS `font-family` value: the family first (kit fonts), then its fallback stack. */
export function fontStack(font: FontDefinition): string {
  return font.source === 'kit' ? `"${font.family}", ${font.fallback}` : font.fallback;
}

/** `@font-face` rules for a kit font; `font-display: swap` so text shows at once in the fallback. */
export function fontFaceCss(font: FontDefinition): string {
  return font.weights
    .map(
      (w) =>
        `@font-face{font-family:"${font.family}";font-style:normal;font-weight:${w};font-display:swap;src:url(${fontFileUrl(font.id, w)}) format("woff2")}`,
    )
    .join('');
}

/** Case-insensitive search over family and category, within one category or all. */
export function searchFonts(
  fonts: readonly FontDefinition[],
  query: string,
  category?: FontCategory,
): FontDefinition[] {
  const q = query.trim().toLowerCase();
  return fonts.filter(
    (f) =>
      (!category || f.category === category) &&
      (!q || f.family.toLowerCase().includes(q) || f.category.toLowerCase().includes(q)),
  );
}
