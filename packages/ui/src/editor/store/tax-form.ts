import {
  DEFAULT_TAX_RATES,
  effectiveTaxRates,
  TaxSettingsSchema,
  type TaxRate,
  type TaxRounding,
} from '@site/commerce-core';

/** One rate as typed: the percentage stays text ("7.25") so a half-typed value is not lost. */
export interface TaxRateRow {
  /** React's key for the row; never sent. */
  key: string;
  country: string;
  region: string;
  name: string;
  rate: string;
  included: boolean;
  shipping: boolean;
}

export interface TaxForm {
  /** '' when the owner has not said. */
  originCountry: string;
  rounding: TaxRounding;
  rates: TaxRateRow[];
}

let nextKey = 0;
const rowOf = (r: TaxRate): TaxRateRow => ({
  key: `rate-${++nextKey}`,
  country: r.country,
  region: r.region,
  name: r.name,
  rate: r.rate,
  included: r.included,
  shipping: r.shipping,
});

export const emptyRateRow = (): TaxRateRow =>
  rowOf({ country: '', region: '', name: '', rate: '', included: false, shipping: false });

const list = (v: unknown): TaxRate[] => (Array.isArray(v) ? (v as TaxRate[]) : []);

/**
 * The form for the saved tax preferences. A store that still has the one store-wide rate of
 * before (basis points) sees it as the rate for "everywhere else", which is what it charges; the
 * next save keeps it as that row and drops the old field.
 */
export function taxFormOf(saved: Readonly<Record<string, unknown>>): TaxForm {
  const rates = effectiveTaxRates({
    taxRates: list(saved.taxRates),
    taxRateBasisPoints: typeof saved.taxRateBasisPoints === 'number' ? saved.taxRateBasisPoints : 0,
    taxShipping: saved.taxShipping === true,
  });
  return {
    originCountry: typeof saved.taxOriginCountry === 'string' ? saved.taxOriginCountry : '',
    rounding: saved.taxRounding === 'line' ? 'line' : 'order',
    rates: rates.map(rowOf),
  };
}

export type TaxFormCheck =
  { ok: true; preferences: Record<string, unknown> } | { ok: false; issues: Record<string, string> };

/**
 * The tax preferences to save, checked by the same schema the server uses, so a mistake is
 * marked on its row before anything is sent; issues are keyed as the server's ("taxRates.0.rate").
 */
export function checkTaxForm(form: TaxForm): TaxFormCheck {
  const body = {
    taxRounding: form.rounding,
    ...(form.originCountry && { taxOriginCountry: form.originCountry }),
    taxRates: form.rates.map(({ country, region, name, rate, included, shipping }) => ({
      country,
      region,
      name,
      rate,
      included,
      shipping,
    })),
  };
  const read = TaxSettingsSchema.safeParse(body);
  if (read.success) return { ok: true, preferences: { ...body, taxRates: read.data.taxRates } };
  const issues: Record<string, string> = {};
  for (const issue of read.error.issues) issues[issue.path.join('.')] ??= issue.message;
  return { ok: false, issues };
}

const placeKey = (r: { country: string; region: string }) =>
  `${r.country.toUpperCase()}-${r.region.toUpperCase()}`;

/**
 * Adds standard rates the owner picked; a place that already has a rate keeps the owner's, and
 * the answer names it so the screen can say why nothing was added.
 */
export function addStandardRates(
  form: TaxForm,
  picked: readonly TaxRate[],
): { form: TaxForm; skipped: TaxRate[] } {
  const taken = new Set(form.rates.map(placeKey));
  const skipped: TaxRate[] = [];
  const added: TaxRateRow[] = [];
  for (const rate of picked) {
    if (taken.has(placeKey(rate))) skipped.push(rate);
    else {
      taken.add(placeKey(rate));
      added.push(rowOf(rate));
    }
  }
  return { form: { ...form, rates: [...form.rates, ...added] }, skipped };
}

const EU = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

/** The European Union's VAT rates in the standard table. */
export const EU_VAT_RATES: readonly TaxRate[] = DEFAULT_TAX_RATES.filter((r) => EU.has(r.country));
