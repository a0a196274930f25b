import { z } from 'zod';
import { MoneyValueSchema } from '../money/money';
import { SubscriptionPlanSchema } from '../subscriptions/schema';
import { ProductType } from './types';

export const ProductTypeSchema = /* @__PURE__ */ (() =>
  z.union([
    z.literal(ProductType.PHYSICAL),
    z.literal(ProductType.DIGITAL),
    z.literal(ProductType.SERVICE),
    z.literal(ProductType.GIFT_CARD),
    z.literal(ProductType.PAYWALL),
  ]))();

export const OptionValueSchema = /* @__PURE__ */ (() =>
  z.object({
    optionName: z.string().optional(),
    value: z.string(),
  }))();

/** A subscription price offered on a variant (one per subscription option). */
export const PricingOptionSchema = /* @__PURE__ */ (() =>
  z.object({
    productSubscriptionOptionId: z.string().optional(),
    priceMoney: MoneyValueSchema,
    salePriceMoney: MoneyValueSchema.optional(),
    onSale: z.boolean().default(false),
    percentageDiscount: z.number().optional(),
    subscriptionPlan: SubscriptionPlanSchema.optional(),
  }))();

export const VariantSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().optional(),
    sku: z.string(),
    /** Legacy price in minor units. */
    price: z.number().int().optional(),
    salePrice: z.number().int().optional(),
    priceMoney: MoneyValueSchema,
    salePriceMoney: MoneyValueSchema.optional(),
    onSale: z.boolean().default(false),
    qtyInStock: z.number().int().min(0).default(0),
    unlimited: z.boolean().default(false),
    attributes: z.record(z.string(), z.string()).default({}),
    optionValues: z.array(OptionValueSchema).default([]),
    pricingOptions: z.array(PricingOptionSchema).optional(),
  }))();

export const ProductSubscriptionOptionSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    percentageDiscount: z.number().optional(),
    subscriptionPlan: SubscriptionPlanSchema.optional(),
  }))();

export const StructuredContentSchema = /* @__PURE__ */ (() =>
  z.object({
    productType: ProductTypeSchema,
    variants: z.array(VariantSchema).default([]),
    variantOptionOrdering: z.array(z.string()).default([]),
    isSubscribable: z.boolean().default(false),
    subscriptionPlan: SubscriptionPlanSchema.optional(),
    productSubscriptionOptions: z.array(ProductSubscriptionOptionSchema).optional(),
    /** Digital products carry their price here instead of on variants. */
    priceMoney: MoneyValueSchema.optional(),
    salePriceMoney: MoneyValueSchema.optional(),
    onSale: z.boolean().default(false),
    useCustomAddButtonText: z.boolean().default(false),
    customAddButtonText: z.string().optional(),
    additionalFieldsFormId: z.string().optional(),
    additionalFieldsForm: z.unknown().optional(),
    /** A physical product's weight, for shipping rates by weight. */
    shippingWeightGrams: z.number().int().min(0).optional(),
    /** Never taxed (the owner's choice; gift cards never are). */
    taxExempt: z.boolean().optional(),
    /** A physical product nobody ships: the cart asks no address for it and it weighs nothing. */
    noShipping: z.boolean().optional(),
  }))();

export const ProductItemSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    collectionId: z.string(),
    recordType: z.number().int().optional(),
    title: z.string().optional(),
    structuredContent: StructuredContentSchema,
  }))();

/** Answer of the stock query (storefront.md §7). */
export const StockResultSchema = /* @__PURE__ */ (() =>
  z.object({
    unlimited: z.boolean(),
    qtyInStock: z.number().int().min(0),
  }))();

export type OptionValue = z.infer<typeof OptionValueSchema>;
export type PricingOption = z.infer<typeof PricingOptionSchema>;
export type Variant = z.infer<typeof VariantSchema>;
export type StructuredContent = z.infer<typeof StructuredContentSchema>;
export type ProductItem = z.infer<typeof ProductItemSchema>;
export type StockResult = z.infer<typeof StockResultSchema>;
