import { z } from 'zod';
import { messages } from '../messages';
import { COLOUR_BOUNDS, contrastRatio, hexToRgb, hslToRgb, hslaCss, normaliseHex, type Rgb } from './colour';
import { FONT_IDS, fontById, fontFaceCss, fontStack, type FontDefinition } from './fonts';

/** The editor's calls for site styles (ours; the spec shows no call for them). */
export const SITE_STYLES_API = {
  styles: '/api/editor/site-styles',
  fonts: '/api/editor/fonts',
} as const;

const hexColour = z
  .string({ error: messages.colour.invalidHex })
  .max(7)
  .refine((v) => normaliseHex(v) !== undefined, messages.colour.invalidHex)
  .transform((v) => normaliseHex(v)!);

const bounded = (bounds: { min: number; max: number }, message: string) =>
  z.number({ error: message }).min(bounds.min, message).max(bounds.max, message);

/** An HSL(A) colour; each part out of its bounds gets the spec's message at its own field. */
const hslaColour = z
  .object({
    hue: bounded(COLOUR_BOUNDS.hue, messages.colour.hueOutOfBounds).optional(),
    saturation: bounded(COLOUR_BOUNDS.saturation, messages.colour.saturationOutOfBounds).optional(),
    lightness: bounded(COLOUR_BOUNDS.lightness, messages.colour.lightnessOutOfBounds).optional(),
    alpha: bounded(COLOUR_BOUNDS.alpha, messages.colour.alphaOutOfBounds).default(1),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.hue === undefined || v.saturation === undefined || v.lightness === undefined)
      ctx.addIssue({ code: 'custom', message: messages.colour.missingHsl });
  })
  .transform((v) => ({ hue: v.hue!, saturation: v.saturation!, lightness: v.lightness!, alpha: v.alpha }));

export type SiteColour = string | { hue: number; saturation: number; lightness: number; alpha: number };

/**
 * A site colour: a hex string (3 or 6 digits) or HSL with alpha, as the picker gives it. Chosen by
 * shape rather than as a union, so a refusal carries the spec's message at its field instead of
 * a generic "invalid input".
 */
export const siteColourSchema = z.unknown().transform((value, ctx): SiteColour => {
  const result = (typeof value === 'object' && value !== null ? hslaColour : hexColour).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: issue.path.filter((p) => typeof p !== 'symbol'),
    });
  return z.NEVER;
});

const fontId = z
  .string()
  .max(100)
  .refine((v) => FONT_IDS.includes(v), { error: (i) => messages.unknownFont(String(i.input)) });

export const SITE_COLOUR_ROLES = ['text', 'background', 'accent', 'muted'] as const;
export type SiteColourRole = (typeof SITE_COLOUR_ROLES)[number];

export const siteStylesSchema = z
  .object({
    headingFont: fontId.optional(),
    bodyFont: fontId.optional(),
    text: siteColourSchema.optional(),
    background: siteColourSchema.optional(),
    accent: siteColourSchema.optional(),
    muted: siteColourSchema.optional(),
  })
  .strict();
export type SiteStyles = z.output<typeof siteStylesSchema>;

export const updateSiteStylesSchema = z
  .object({ styles: siteStylesSchema, version: z.number().int().min(0) })
  .strict();
export type UpdateSiteStyles = z.input<typeof updateSiteStylesSchema>;
export type VersionedSiteStyles = { styles: SiteStyles; version: number };

/** `GET /api/editor/fonts`: the font kit the picker lists. */
export type FontKit = { fonts: FontDefinition[] };

export function colourCss(colour: SiteColour): string {
  return typeof colour === 'string' ? colour : hslaCss(colour);
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
/** Near-black text for light accents: the theme's own text colour. */
const ON_LIGHT_ACCENT = '#1d1d1b';

/**
 * The text colour for labels on an accent-coloured button: white while it keeps WCAG AA's 4.5:1
 * against the accent, the theme's near-black otherwise (a pale accent with white text is unreadable).
 */
export function onAccentColour(accent: SiteColour): string {
  const rgb = typeof accent === 'string' ? hexToRgb(accent) : hslToRgb(accent);
  return rgb && contrastRatio(rgb, WHITE) < 4.5 ? ON_LIGHT_ACCENT : '#fff';
}

const VARIABLES: [SiteColourRole, string][] = [
  ['text', '--site-color-text'],
  ['background', '--site-color-background'],
  ['accent', '--site-color-accent'],
  ['muted', '--site-color-muted'],
];

/**
 * The site styles as CSS: `@font-face` for the kit fonts in use and `:root { … }` custom
 * properties overriding the theme's defaults; undefined when the site keeps them. Only values the
 * schema accepted reach the output (hex digits, numbers, fixed font names), so nothing a setting
 * holds can break out of the `<style>` element.
 */
export function siteStylesCss(input: unknown): string | undefined {
  const parsed = siteStylesSchema.safeParse(input ?? {});
  if (!parsed.success) return undefined;
  const s = parsed.data;
  const heading = s.headingFont ? fontById(s.headingFont) : undefined;
  const body = s.bodyFont ? fontById(s.bodyFont) : undefined;
  const vars: [string, string][] = [];
  if (heading) vars.push(['--site-font-heading', fontStack(heading)]);
  if (body) vars.push(['--site-font-body', fontStack(body)]);
  for (const [key, name] of VARIABLES) {
    const value = s[key];
    if (value !== undefined) vars.push([name, colourCss(value)]);
  }
  if (s.accent !== undefined) vars.push(['--site-color-on-accent', onAccentColour(s.accent)]);
  const faces = [...new Set([heading, body].filter((f): f is FontDefinition => f?.source === 'kit'))]
    .map(fontFaceCss)
    .join('');
  if (!vars.length) return undefined;
  return `${faces}:root{${vars.map(([k, v]) => `${k}:${v}`).join(';')}}`;
}
