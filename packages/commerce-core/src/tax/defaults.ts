import type { TaxRate } from './schema';

/**
 * Standard rates an owner starts from and edits (our table, standard rates as of 2025; reduced
 * rates and local US sales taxes are left to the owner, who knows which of their goods they fit).
 * A store adds only the rows it needs; nothing here is charged until it is added.
 */
const vat = (country: string, rate: number, name = 'VAT'): TaxRate => ({
  country,
  region: '',
  name,
  rate: String(rate),
  shipping: true,
  included: true,
});
const state = (country: string, region: string, rate: number, name: string, shipping = false): TaxRate => ({
  country,
  region,
  name,
  rate: String(rate),
  shipping,
  included: false,
});

export const DEFAULT_TAX_RATES: readonly TaxRate[] = [
  // The European Union's standard VAT rates; shipping follows the goods.
  vat('AT', 20),
  vat('BE', 21),
  vat('BG', 20),
  vat('HR', 25),
  vat('CY', 19),
  vat('CZ', 21),
  vat('DK', 25),
  vat('EE', 24),
  vat('FI', 25.5),
  vat('FR', 20),
  vat('DE', 19),
  vat('GR', 24),
  vat('HU', 27),
  vat('IE', 23),
  vat('IT', 22),
  vat('LV', 21),
  vat('LT', 21),
  vat('LU', 17),
  vat('MT', 18),
  vat('NL', 21),
  vat('PL', 23),
  vat('PT', 23),
  vat('RO', 21),
  vat('SK', 23),
  vat('SI', 22),
  vat('ES', 21),
  vat('SE', 25),
  // Elsewhere in Europe and beyond.
  vat('GB', 20),
  vat('NO', 25, 'MVA'),
  vat('CH', 8.1, 'MWST'),
  vat('AU', 10, 'GST'),
  vat('NZ', 15, 'GST'),
  vat('JP', 10, 'Consumption tax'),
  vat('SG', 9, 'GST'),
  // Canada: GST everywhere, and the provinces' own tax on top (HST provinces replace GST with
  // one harmonised rate, written here as the provincial part above the 5 % GST).
  { ...vat('CA', 5, 'GST'), included: false },
  state('CA', 'BC', 7, 'PST'),
  state('CA', 'MB', 7, 'RST'),
  state('CA', 'QC', 9.975, 'QST', true),
  state('CA', 'SK', 6, 'PST'),
  state('CA', 'ON', 8, 'HST', true),
  state('CA', 'NB', 10, 'HST', true),
  state('CA', 'NL', 10, 'HST', true),
  state('CA', 'NS', 9, 'HST', true),
  state('CA', 'PE', 10, 'HST', true),
  // United States: state-level sales tax only (cities and counties add their own).
  state('US', 'CA', 7.25, 'CA sales tax'),
  state('US', 'NY', 4, 'NY sales tax', true),
  state('US', 'TX', 6.25, 'TX sales tax', true),
  state('US', 'FL', 6, 'FL sales tax', true),
  state('US', 'WA', 6.5, 'WA sales tax', true),
  state('US', 'IL', 6.25, 'IL sales tax'),
  state('US', 'PA', 6, 'PA sales tax', true),
  state('US', 'NJ', 6.625, 'NJ sales tax', true),
  state('US', 'MA', 6.25, 'MA sales tax'),
  state('US', 'GA', 4, 'GA sales tax', true),
];
