import { z } from 'zod';
import { fillMessage } from '../messages';
import { adminMessages } from './messages';
import {
  AFTER_ADD_TO_CART,
  DOWNLOAD_LIMIT_RANGES,
  downloadLimitSchema,
  ShippingOptionSettingSchema,
} from '../store/schema';
import { MinorUnitsSchema } from './money-input';
import { TaxSettingsSchema } from '../tax/schema';
import { ShippingZonesSchema } from '../shipping/schema';
import { NotifyRecipientsSchema } from './shop-emails';

const label = (max: number) => z.string().trim().max(max);

/**
 * Commerce preferences (platform.md §3: "a free-form set of preference fields per namespace").
 * The fields are our design. Fields named in `storeSettings` are StoreSettings fields: the server
 * keeps them in the store settings the cart and checkout read, so there is one source of truth.
 */
export const COMMERCE_PREFERENCES = /* @__PURE__ */ (() => ({
  checkout: {
    schema: z.strictObject({
      checkoutMinimumSubtotalCents: MinorUnitsSchema.optional(),
      orderNotesEnabled: z.boolean().optional(),
      orderNotesLabel: label(100).optional(),
    }),
    storeSettings: {
      checkoutMinimumSubtotalCents: 'minorUnits',
      orderNotesEnabled: 'plain',
      orderNotesLabel: 'plain',
    },
  },
  tax: {
    schema: z.strictObject({
      taxRateBasisPoints: z.number().int().min(0).max(10_000).optional(),
      taxShipping: z.boolean().optional(),
      taxRates: TaxSettingsSchema.shape.taxRates.optional(),
      taxRounding: TaxSettingsSchema.shape.taxRounding.optional(),
      taxOriginCountry: TaxSettingsSchema.shape.taxOriginCountry,
    }),
    storeSettings: {
      taxRateBasisPoints: 'plain',
      taxShipping: 'plain',
      taxRates: 'plain',
      taxRounding: 'plain',
      taxOriginCountry: 'plain',
    },
  },
  shipping: {
    schema: z.strictObject({
      shippingOptions: z.array(ShippingOptionSettingSchema).max(50).optional(),
      shippingZones: ShippingZonesSchema.optional(),
    }),
    storeSettings: { shippingOptions: 'plain', shippingZones: 'plain' },
  },
  currency: {
    schema: z
      .strictObject({ freeIfZero: z.boolean().optional(), freeLabel: label(40).optional() })
      // platform.md §5: a currency 'free' label is required when free-if-zero is set.
      .refine((p) => !p.freeIfZero || !!p.freeLabel, {
        message: adminMessages.freeLabelRequired,
        path: ['freeLabel'],
      }),
    storeSettings: { freeIfZero: 'plain', freeLabel: 'plain' },
  },
  instalments: {
    schema: z
      .strictObject({
        enabled: z.boolean().optional(),
        numberOfInstalments: z.number().int().min(2).max(12).optional(),
        minimumOrderCents: MinorUnitsSchema.optional(),
        maximumOrderCents: MinorUnitsSchema.optional(),
      })
      .refine(
        (p) =>
          !p.minimumOrderCents ||
          !p.maximumOrderCents ||
          Number(p.minimumOrderCents) <= Number(p.maximumOrderCents),
        {
          message: adminMessages.instalmentRangeInverted,
          path: ['maximumOrderCents'],
        },
      ),
    storeSettings: {},
  },
  /** Digital products' download links; empty fields go back to 5 downloads per unit and 30 days. */
  downloads: {
    schema: z.strictObject({
      downloadsPerUnit: downloadLimitSchema(
        DOWNLOAD_LIMIT_RANGES.downloadsPerUnit,
        adminMessages.downloadsPerUnitRange,
      ).optional(),
      linkDays: downloadLimitSchema(DOWNLOAD_LIMIT_RANGES.linkDays, adminMessages.linkDaysRange).optional(),
    }),
    storeSettings: { downloadsPerUnit: 'plain', linkDays: 'plain' },
  },
  /** What the shop emails and to whom (read by `shopEmailSettings`, shop-emails.ts). */
  notifications: {
    schema: z.strictObject({
      orderConfirmationEnabled: z.boolean().optional(),
      fulfilmentEmailEnabled: z.boolean().optional(),
      newOrderEmailEnabled: z.boolean().optional(),
      newOrderRecipients: NotifyRecipientsSchema.optional(),
      lowStockThreshold: z.number().int().min(0).max(1_000_000).optional(),
      notifyEmail: z.email().max(254).optional(),
    }),
    storeSettings: {},
  },
  /** What a shopper sees after adding to the cart: the message, the cart drawer or the cart page. */
  cart: {
    schema: z.strictObject({ afterAddToCart: z.enum(AFTER_ADD_TO_CART).optional() }),
    storeSettings: { afterAddToCart: 'plain' },
  },
  /** Abandoned-cart recovery: off unless the owner turns it on. */
  cartRecovery: {
    schema: z.strictObject({
      recoveryEnabled: z.boolean().optional(),
      recoveryDelayHours: z.number().int().min(1).max(168).optional(),
    }),
    storeSettings: {},
  },
}))();

export type CommercePreferenceNamespace = keyof typeof COMMERCE_PREFERENCES;
export type CommercePreferences = Record<string, unknown>;
export const COMMERCE_PREFERENCE_NAMESPACES = Object.keys(
  COMMERCE_PREFERENCES,
) as CommercePreferenceNamespace[];

export function isCommercePreferenceNamespace(v: string): v is CommercePreferenceNamespace {
  return Object.prototype.hasOwnProperty.call(COMMERCE_PREFERENCES, v);
}

export function unknownPreferencesMessage(namespace: string): string {
  return fillMessage(adminMessages.unknownPreferences, { namespace });
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** platform.md §3: the server's websiteId field is dropped and empty values are filtered out. */
export function cleanPreferences(fields: Readonly<Record<string, unknown>>): CommercePreferences {
  const out: CommercePreferences = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'websiteId' && !isEmpty(value)) out[key] = value;
  }
  return out;
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );

/**
 * platform.md §5: a write is skipped when no value differs from the cached one. Both sides are
 * cleaned first, so clearing a field the server never stored is no change either.
 */
export function preferencesDiffer(
  cached: Readonly<Record<string, unknown>> | undefined,
  next: Readonly<Record<string, unknown>>,
): boolean {
  const a = cleanPreferences(cached ?? {});
  const b = cleanPreferences(next);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (canonical(a[key]) !== canonical(b[key])) return true;
  return false;
}
