/** Colour formatters: light/dark weight of a hex colour and CSS for a site colour in HSL. */
import type { Formatter } from '../../types';
import { coreMessages } from '../messages';
import { asNumber, asString, getPath } from '../values';
import { Memo } from '../memo';

const HEX_COLOR = /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Spec §5: a colour is light above half of 0xFFFFFF. */
const HALF_BRIGHT = 0xffffff / 2;

/** "#abc" or "aabbcc" as an integer; undefined when it is not 3 or 6 hex digits. */
export const hexToInt = (hex: string): number | undefined => {
  const h = hex.startsWith('#') ? hex.slice(1) : hex;
  if (!HEX_COLOR.test(h)) return undefined;
  return parseInt(h.length === 3 ? h.replace(/./g, '$&$&') : h, 16);
};

const weightOf = (hex: string): string | null => {
  const n = hexToInt(hex);
  if (n === undefined) return null;
  return n > HALF_BRIGHT ? 'light' : 'dark';
};
/** Weights by colour text: images of a page repeat a few colours render after render. */
const weights = new Memo<string | null>(2000);
const colorWeight: Formatter = (value) => {
  return weights.get(asString(value), weightOf) ?? undefined;
};

const round2 = (n: number): number => parseFloat(n.toFixed(2));

/**
 * `{hue, saturation, lightness[, alpha]}` → "hsl(…)" or "hsla(…)". Out-of-bounds parts are
 * reported together, in the spec's words, instead of emitting invalid CSS.
 */
const websiteColor: Formatter = (value) => {
  const hue = getPath(value, 'hue');
  const sat = getPath(value, 'saturation');
  const light = getPath(value, 'lightness');
  if (hue === undefined || sat === undefined || light === undefined) return coreMessages.color.missingHsl;
  const h = asNumber(hue);
  const s = asNumber(sat);
  const l = asNumber(light);
  const alpha = getPath(value, 'alpha');
  const a = alpha === undefined ? undefined : asNumber(alpha);
  const problems: string[] = [];
  if (h < 0 || h > 360) problems.push(coreMessages.color.hueOutOfBounds);
  if (!(s >= 0 && s <= 1)) problems.push(coreMessages.color.saturationOutOfBounds);
  if (!(l >= 0 && l <= 1)) problems.push(coreMessages.color.lightnessOutOfBounds);
  if (a !== undefined && (a < 0 || a > 1)) problems.push(coreMessages.color.alphaOutOfBounds);
  if (problems.length > 0) return problems.join(' ');
  const body = `${round2(h)}, ${round2(s * 100)}%, ${round2(l * 100)}%`;
  return a === undefined ? `hsl(${body})` : `hsla(${body}, ${round2(a)})`;
};

export const colorFormatters = {
  'color-weight': colorWeight,
  'website-color': websiteColor,
} satisfies Record<string, Formatter>;
