import { z } from 'zod';
import { MoneyValueSchema } from '../money/money';
import { AppliedDiscountSchema } from '../discount/schema';

const Cents = /* @__PURE__ */ (() => z.number().int())();

export const ChosenVariantSchema = /* @__PURE__ */ (() =>
  z.object({
    sku: z.string(),
    attributes: z.record(z.string(), z.string()).default({}),
  }))();

export const CartEntrySchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    itemId: z.string(),
    chosenVariant: ChosenVariantSchema,
    quantity: z.number().int().min(1),
    title: z.string(),
    /** Line total (unit price × quantity) for display. */
    subTotal: MoneyValueSchema,
    /** Unit price paid, in minor units. */
    purchasePriceCents: Cents,
    /** The additional-fields form answers as a JSON string, when the product has a form. */
    additionalFields: z.string().nullable().default(null),
  }))();

export const CartShippingOptionSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    costCents: Cents,
    /** Set on local pickup only: the shopper collects the order. */
    pickup: z.literal(true).optional(),
    /** Pickup's where and when. */
    instructions: z.string().optional(),
  }))();

export const AppliedTaxRuleSchema = /* @__PURE__ */ (() =>
  z.object({
    name: z.string(),
    rateBasisPoints: z.number().int(),
    taxCents: Cents,
  }))();

/** One rate's tax on the receipt, with where it applies (the tax report groups by it). */
export const TaxLineSchema = /* @__PURE__ */ (() =>
  z.object({
    name: z.string(),
    /** The percentage as the owner typed it ("19", "9.975"). */
    rate: z.string(),
    country: z.string(),
    region: z.string(),
    /** Already in the prices (VAT-style) rather than added to the order. */
    included: z.boolean(),
    taxCents: Cents,
    /** What the rate was charged on, tax excluded. */
    taxableCents: Cents,
  }))();

export const ShoppingCartSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    websiteId: z.string(),
    orderId: z.string().nullable().default(null),
    created: z.number().int(),
    isPurchased: z.boolean().default(false),
    entries: z.array(CartEntrySchema).default([]),
    shippingOptions: z.array(CartShippingOptionSchema).default([]),
    selectedShippingOption: CartShippingOptionSchema.nullable().default(null),
    shippingLocation: z.unknown().optional(),
    applicableTaxRules: z.array(AppliedTaxRuleSchema).default([]),
    coupons: z.array(z.string()).default([]),
    validCoupons: z.array(z.string()).default([]),
    invalidCoupons: z.array(z.string()).default([]),
    /** Why each invalid code does not apply, in the shopper's words. */
    refusedCoupons: z.array(z.object({ code: z.string(), message: z.string() })).default([]),
    /** Automatic discounts and codes that applied, by name, in the order they were taken. */
    discounts: z.array(AppliedDiscountSchema).default([]),
    subtotalCents: Cents.default(0),
    taxCents: Cents.default(0),
    shippingCostCents: Cents.default(0),
    discountCents: Cents.default(0),
    grandTotalCents: Cents.default(0),
    totalQuantity: z.number().int().default(0),
    hasDigital: z.boolean().default(false),
    purelyDigital: z.boolean().default(false),
    requiresShipping: z.boolean().default(false),
    /** Each rate's share of taxCents; the receipt lists them. */
    taxLines: z.array(TaxLineSchema).default([]),
    /** The part of taxCents already in the prices (VAT-style): the grand total does not add it again. */
    taxIncludedCents: Cents.default(0),
  }))();

/**
 * GET /api/commerce/shopping-cart and every cart-changing answer: the spec's cart plus what the
 * cart page shows per line (image, product link) and the store's checkout minimum.
 */
export const CartViewSchema = /* @__PURE__ */ (() =>
  ShoppingCartSchema.extend({
    entries: z.array(
      CartEntrySchema.extend({
        imageUrl: z.string().optional(),
        productUrl: z.string().optional(),
        productType: z.number().int().optional(),
        /** The shop page the product belongs to (the remove-from-cart event names it). */
        collectionId: z.string().optional(),
        /** The product's additional-fields form model, for "Edit Details". */
        additionalFieldsForm: z.unknown().optional(),
      }),
    ),
    checkoutMinimumSubtotalCents: Cents,
  }))();

export type ChosenVariant = z.infer<typeof ChosenVariantSchema>;
export type CartEntry = z.infer<typeof CartEntrySchema>;
export type CartShippingOption = z.infer<typeof CartShippingOptionSchema>;
export type TaxLine = z.infer<typeof TaxLineSchema>;
export type AppliedTaxRule = z.infer<typeof AppliedTaxRuleSchema>;
export type ShoppingCart = z.infer<typeof ShoppingCartSchema>;
export type CartView = z.infer<typeof CartViewSchema>;
