import { z } from 'zod';
import { taxMessages } from './messages';

/** Two-letter ISO 3166-1 country code, or "*" for every country without its own rate. */
export const TaxCountrySchema = /* @__PURE__ */ (() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(?:[A-Z]{2}|\*)$/, { message: taxMessages.countryCode }))();

/** A state or province code ("CA", "QC"); empty for a rate that covers the whole country. */
export const TaxRegionSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,3}$/, { message: taxMessages.regionCode }))();

/**
 * One tax rate. A country-wide rate and a rate for the buyer's region are both charged, each on
 * its own receipt line, as Canada's GST and PST are; a US store sets rates per state only.
 */
export const TaxRateSchema = /* @__PURE__ */ (() =>
  z.object({
    country: TaxCountrySchema,
    region: TaxRegionSchema.default(''),
    /** The receipt's name for it ("VAT", "CA sales tax"). */
    name: z
      .string()
      .trim()
      .min(1, { message: taxMessages.nameMissing })
      .max(60, { message: taxMessages.nameTooLong }),
    /** A percentage as the owner types it, up to three decimals: "19", "7.25", "9.975". */
    rate: z
      .string()
      .trim()
      .regex(/^\d{1,3}(?:\.\d{1,3})?$/, { message: taxMessages.rateFormat })
      .refine((v) => Number(v) <= 100, { message: taxMessages.rateRange })
      .transform(canonicalRate),
    /** Whether shipping to this place is taxed at this rate too. */
    shipping: z.boolean().default(false),
    /**
     * VAT-style: shoppers here pay the price as typed and the receipt breaks out the tax in it.
     * Otherwise the tax is added on top at checkout.
     */
    included: z.boolean().default(false),
  }))();

export const TAX_ROUNDING = ['order', 'line'] as const;
export type TaxRounding = (typeof TAX_ROUNDING)[number];

/** "7.250" and "07.25" are "7.25"; "19.0" is "19". */
export function canonicalRate(rate: string): string {
  const [int = '0', frac = ''] = rate.trim().split('.');
  const f = frac.replace(/0+$/, '');
  return `${String(Number(int))}${f ? `.${f}` : ''}`;
}

/** A rate in thousandths of a percent (9.975 % = 9975), exact for every rate the schema allows. */
export function rateUnits(rate: string): bigint {
  const [int = '0', frac = ''] = rate.split('.');
  return BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3));
}

/** Thousandths of a percent in a whole. */
export const RATE_SCALE = 100_000n;

const placeKey = (r: { country: string; region: string }) => `${r.country}-${r.region}`;

/** The store's tax settings as the editor saves them. */
export const TaxSettingsSchema = /* @__PURE__ */ (() =>
  z.object({
    /** Round each line's tax and add them up ('line'), or round the order's tax once ('order'). */
    taxRounding: z.enum(TAX_ROUNDING).default('order'),
    /** Where the store is: until the shopper gives an address, the tax in prices is this country's. */
    taxOriginCountry: TaxCountrySchema.optional(),
    taxRates: z
      .array(TaxRateSchema)
      .max(500)
      .default([])
      .refine((rates) => new Set(rates.map(placeKey)).size === rates.length, {
        message: taxMessages.duplicatePlace,
      }),
  }))();

export type TaxRate = z.infer<typeof TaxRateSchema>;
export type TaxRateInput = z.input<typeof TaxRateSchema>;
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;
