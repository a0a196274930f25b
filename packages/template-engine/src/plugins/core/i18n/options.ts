/**
 * Shared plumbing of the locale-aware formatters: `key:value` argument parsing, locale fallback
 * and caches of Intl objects keyed by locale and options (building them dominates their cost).
 */

/** Spec §5: digit options are capped at 50. */
export const DIGIT_CAP = 50;

/** Splits `key:value` (or `key=value`); a bare word has an empty value. */
export const splitOption = (arg: string): [key: string, value: string] => {
  const i = arg.search(/[:=]/);
  return i === -1 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
};

export const clampInt = (v: string, min: number, max: number): number => {
  const n = parseInt(v, 10);
  const x = Number.isFinite(n) ? n : 0;
  return x < min ? min : x > max ? max : x;
};

const supported = new Map<string, string>();

/** The render locale when the platform knows it, else "en" (also for the `none` locale). */
export const safeLocale = (locale: string): string => {
  let l = supported.get(locale);
  if (l === undefined) {
    try {
      l = Intl.getCanonicalLocales(locale)[0] ?? 'en';
    } catch {
      l = 'en';
    }
    supported.set(locale, l);
  }
  return l;
};

/** Upper-cases the first letter, for `context:begin-sentence`. */
export const capitalizeFirst = (s: string, locale: string): string =>
  s.length === 0 ? s : s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);
