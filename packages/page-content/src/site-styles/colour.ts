/**
 * Colour rules of the site styles (platform.md §5, "Colour formatter"): hex with 3 or 6 digits,
 * RGB, HSL with alpha and their bounds, the light/dark weight and the editor's luminance test.
 * Pure functions, shared by the colour picker and the API so both refuse the same values.
 */
import { messages } from '../messages';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}
/** Hue in degrees 0–360; saturation, lightness and alpha 0–1 (the template engine's `website-color`). */
export interface Hsla {
  hue: number;
  saturation: number;
  lightness: number;
  alpha: number;
}

export const COLOUR_BOUNDS = {
  hue: { min: 0, max: 360 },
  saturation: { min: 0, max: 1 },
  lightness: { min: 0, max: 1 },
  alpha: { min: 0, max: 1 },
  rgb: { min: 0, max: 255 },
} as const;

/** §5: "light if above half of 16777215". */
export const LIGHT_THRESHOLD = 16777215 / 2;
/** §5: for the editor's luminance test, dark means luminance below 0.65 of 256. */
export const DARK_LUMINANCE = 0.65 * 256;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "#abc", "abc", "#aabbcc" → "#aabbcc"; undefined for anything that is not 3 or 6 hex digits. */
export function normaliseHex(value: string): string | undefined {
  const match = HEX.exec(value.trim());
  if (!match) return undefined;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? digits.replace(/./g, '$&$&') : digits}`;
}

export function hexToRgb(value: string): Rgb | undefined {
  const hex = normaliseHex(value);
  if (!hex) return undefined;
  const n = parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

const channel = (n: number) => Math.round(Math.min(255, Math.max(0, n)));
export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => channel(c).toString(16).padStart(2, '0')).join('')}`;
}

export function rgbToHsl({ r, g, b }: Rgb): Omit<Hsla, 'alpha'> {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const lightness = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = d / (1 - Math.abs(2 * lightness - 1));
  let hue: number;
  if (max === rn) hue = ((gn - bn) / d) % 6;
  else if (max === gn) hue = (bn - rn) / d + 2;
  else hue = (rn - gn) / d + 4;
  hue *= 60;
  if (hue < 0) hue += 360;
  return { hue, saturation: Math.min(1, saturation), lightness };
}

export function hslToRgb({ hue, saturation, lightness }: Omit<Hsla, 'alpha'>): Rgb {
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (hue % 360) / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r1, g1, b1] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = lightness - c / 2;
  return { r: channel((r1 + m) * 255), g: channel((g1 + m) * 255), b: channel((b1 + m) * 255) };
}

const within = (n: unknown, { min, max }: { min: number; max: number }) =>
  typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max;

/**
 * The spec's messages for an HSL(A) value, in the order hue, saturation, lightness, alpha; empty
 * when it is valid. A missing hue, saturation or lightness is one message ("Missing an H/S/L value.").
 */
export function hslProblems(value: Partial<Record<keyof Hsla, unknown>>): string[] {
  if (value.hue === undefined || value.saturation === undefined || value.lightness === undefined)
    return [messages.colour.missingHsl];
  const problems: string[] = [];
  if (!within(value.hue, COLOUR_BOUNDS.hue)) problems.push(messages.colour.hueOutOfBounds);
  if (!within(value.saturation, COLOUR_BOUNDS.saturation))
    problems.push(messages.colour.saturationOutOfBounds);
  if (!within(value.lightness, COLOUR_BOUNDS.lightness)) problems.push(messages.colour.lightnessOutOfBounds);
  if (value.alpha !== undefined && !within(value.alpha, COLOUR_BOUNDS.alpha))
    problems.push(messages.colour.alphaOutOfBounds);
  return problems;
}

/** The message for one RGB channel, or undefined when it is a whole number 0–255. */
export function rgbChannelProblem(value: unknown): string | undefined {
  return Number.isInteger(value) && within(value, COLOUR_BOUNDS.rgb)
    ? undefined
    : messages.colour.rgbOutOfBounds;
}

/** §5 colour weight: light above half of 0xFFFFFF, otherwise dark; undefined for a bad hex. */
export function colourWeight(hex: string): 'light' | 'dark' | undefined {
  const normal = normaliseHex(hex);
  if (!normal) return undefined;
  return parseInt(normal.slice(1), 16) > LIGHT_THRESHOLD ? 'light' : 'dark';
}

/** Perceived luminance on the 0–256 scale the editor's test uses (Rec. 601 weights). */
export function luminance({ r, g, b }: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** §5: dark when luminance is below 0.65 of 256; the editor picks light text over dark colours. */
export function isDarkByLuminance(rgb: Rgb): boolean {
  return luminance(rgb) < DARK_LUMINANCE;
}

/** WCAG 2 relative luminance (0 black … 1 white) of an sRGB colour. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const round2 = (n: number) => parseFloat(n.toFixed(2));

/** CSS for a valid HSLA: `hsl(…)` when opaque, `hsla(…)` otherwise, the engine's rounding. */
export function hslaCss({ hue, saturation, lightness, alpha }: Hsla): string {
  const body = `${round2(hue)}, ${round2(saturation * 100)}%, ${round2(lightness * 100)}%`;
  return alpha >= 1 ? `hsl(${body})` : `hsla(${body}, ${round2(alpha)})`;
}

/** Swatches offered beside the picker: the theme's defaults and a few neutral and bright picks. */
export const COLOUR_SWATCHES = [
  '#1d1d1b',
  '#fbfaf7',
  '#2f5a3e',
  '#5f5b53',
  '#ffffff',
  '#000000',
  '#1a5fb4',
  '#c01c28',
  '#e5a50a',
  '#813d9c',
  '#26a269',
  '#f66151',
] as const;
