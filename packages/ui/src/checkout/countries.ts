import type { SelectOption } from '../form-controls/SelectField';

/** Countries offered when the store passes none: the store markets the spec names, plus Europe's largest. */
export const DEFAULT_COUNTRIES: readonly string[] = [
  'US',
  'CA',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'NO',
  'DK',
  'FI',
  'PT',
  'PL',
  'CZ',
  'IL',
  'JP',
  'SG',
  'HK',
  'IN',
  'MX',
  'BR',
  'ZA',
  'PR',
  'GU',
  'VI',
];

/** Country names come from Intl.DisplayNames, so they follow the locale without a translation table. */
export function countryOptions(codes: readonly string[], locale: string): SelectOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  return codes
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
