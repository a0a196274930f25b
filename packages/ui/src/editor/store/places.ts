/**
 * Codes Intl names that are not places a shop ships to or taxes: groupings (EU, UN), retired or
 * duplicate codes (DD, SU, UK), test codes and sub-areas that ISO files under another country.
 */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);

let cached: readonly string[] | undefined;

/** Every country's ISO 3166-1 code (and Kosovo's XK), from the names the browser knows. */
export function countryCodes(): readonly string[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && names.of(code)) codes.push(code);
    }
  return (cached = codes);
}

/** A country's name in the owner's language ("DE" → "Germany"); the code when the browser has none. */
export function countryName(code: string, locale: string | undefined): string {
  try {
    return new Intl.DisplayNames(locale ? [locale, 'en'] : ['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries sorted by their names in the owner's language. */
export function countriesByName(locale: string | undefined): { code: string; name: string }[] {
  return countryCodes()
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
