/** Buy-now-pay-later instalment offer (storefront.md §3, §5, §9). */
import { z } from 'zod';
import { splitMinor } from '../money/arithmetic';
import type { CurrencyCode } from '../money/currencies';
import { formatMinorWithSymbol } from '../money/format';
import { fillMessage, messages } from '../messages';
import { ProductType } from '../product/types';

export const DEFAULT_INSTALMENT_COUNT = 4;

export const InstalmentContextSchema = /* @__PURE__ */ (() =>
  z.object({
    afterPayAvailable: z.boolean(),
    /** Order bounds in minor units. */
    afterPayMin: z.number().int().min(0),
    afterPayMax: z.number().int().min(0),
    shopperLanguage: z.string(),
    stripeAccountCountry: z.string(),
    /** Payments the price is split into (the owner's "Number of instalments"); 4 when absent. */
    numberOfInstalments: z.number().int().min(2).max(12).optional(),
  }))();
export type InstalmentContext = z.infer<typeof InstalmentContextSchema>;

export type InstalmentOffer =
  { kind: 'offer'; count: number; instalments: bigint[] } | { kind: 'up-to' | 'over'; message: string };

/**
 * The offer for a price: shown when min < price ≤ max (minor units), split into `count` parts that
 * add up exactly; otherwise the out-of-range text naming the bound.
 */
export function instalmentOffer(
  priceMinor: bigint,
  bounds: { min: number; max: number },
  currency: CurrencyCode,
  count = DEFAULT_INSTALMENT_COUNT,
): InstalmentOffer {
  if (priceMinor > BigInt(bounds.max)) {
    return {
      kind: 'up-to',
      message: fillMessage(messages.instalmentsUpTo, {
        amount: formatMinorWithSymbol(BigInt(bounds.max), currency),
      }),
    };
  }
  if (priceMinor <= BigInt(bounds.min)) {
    return {
      kind: 'over',
      message: fillMessage(messages.instalmentsOver, {
        amount: formatMinorWithSymbol(BigInt(bounds.min), currency),
      }),
    };
  }
  return { kind: 'offer', count, instalments: splitMinor(priceMinor, count) };
}

/** Instalment messaging applies only to a non-empty cart of physical products. */
export function instalmentsApplyToCart(productTypes: readonly (number | undefined)[]): boolean {
  return productTypes.length > 0 && productTypes.every((t) => t === ProductType.PHYSICAL);
}

export const AFTERPAY_LOCALES = ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'] as const;
export const CLEARPAY_LOCALES = ['en_GB'] as const;
export const US_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const;
export const COUNTRY_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};
/** Used when no locale matches the merchant country and shopper language. */
export const FALLBACK_INSTALMENT_LOCALE = 'en_US';

/** US territories share the US offer. */
export function normalizeInstalmentCountry(country: string): string {
  const c = country.trim().toUpperCase();
  return (US_TERRITORIES as readonly string[]).includes(c) ? 'US' : c;
}

export type InstalmentProvider = 'afterpay' | 'clearpay';

export function instalmentProvider(country: string): InstalmentProvider | undefined {
  const c = normalizeInstalmentCountry(country);
  if (c === 'GB') return 'clearpay';
  return COUNTRY_LANGUAGES[c] ? 'afterpay' : undefined;
}

/** The locale of the information modal for a merchant country and shopper language. */
export function instalmentLocale(country: string, language: string): string {
  const c = normalizeInstalmentCountry(country);
  const lang = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const langs = COUNTRY_LANGUAGES[c];
  if (langs === undefined) return FALLBACK_INSTALMENT_LOCALE;
  return `${langs.includes(lang) ? lang : langs[0]}_${c}`;
}

/** Whether the pill shows for this product and context at all. */
export function instalmentsAvailable(ctx: InstalmentContext, productType: number | undefined): boolean {
  return (
    ctx.afterPayAvailable &&
    productType === ProductType.PHYSICAL &&
    instalmentProvider(ctx.stripeAccountCountry) !== undefined
  );
}

/** The owner's instalment settings as the editor saves them (commerce preferences `instalments`). */
export interface InstalmentPreferences {
  enabled?: unknown;
  numberOfInstalments?: unknown;
  /** Amounts as strings of minor units, empty for no bound. */
  minimumOrderCents?: unknown;
  maximumOrderCents?: unknown;
}

const wholeNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/**
 * What the storefront's pill reads, from the owner's settings: nothing while instalments are off
 * (no pill anywhere). An empty smallest order offers instalments on any price, an empty largest
 * one sets no ceiling. The merchant's country is the site's (its locale's region), which picks
 * Afterpay or Clearpay; a country neither serves gets no pill (the editor says which do).
 */
export function instalmentContextFromPreferences(
  preferences: InstalmentPreferences | undefined,
  site: { locale: string; shopperLanguage: string },
): InstalmentContext | undefined {
  if (preferences?.enabled !== true) return undefined;
  const count = wholeNumber(preferences.numberOfInstalments);
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(site.locale)?.[1];
  return {
    afterPayAvailable: true,
    afterPayMin: wholeNumber(preferences.minimumOrderCents) ?? 0,
    afterPayMax: wholeNumber(preferences.maximumOrderCents) ?? Number.MAX_SAFE_INTEGER,
    shopperLanguage: site.shopperLanguage,
    stripeAccountCountry: (region ?? 'US').toUpperCase(),
    ...(count !== undefined && count >= 2 && count <= 12 ? { numberOfInstalments: count } : {}),
  };
}
