import { z } from 'zod';

const Cents = /* @__PURE__ */ (() => z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))();
const Count = /* @__PURE__ */ (() => z.number().int().min(1).max(1_000_000))();
/** Hundredths of a percent: 2000 = 20 %. */
const BasisPoints = /* @__PURE__ */ (() => z.number().int().min(1).max(10_000))();
/** A calendar day in the site's time zone, `YYYY-MM-DD`. */
const Day = /* @__PURE__ */ (() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        message: 'Enter a real date.',
      },
    ))();

/** What a discount takes off. */
export const DiscountEffectSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('percentage'), basisPoints: BasisPoints }),
    /** Off the order (spread over the lines in scope), never more than they cost. */
    z.object({ type: z.literal('fixed-amount'), amountCents: Cents }),
    z.object({ type: z.literal('free-shipping') }),
    /** For every `buyQuantity` units in scope, the next `getQuantity` (the cheapest) get `basisPoints` off. */
    z.object({
      type: z.literal('buy-x-get-y'),
      buyQuantity: Count,
      getQuantity: Count,
      basisPoints: BasisPoints,
    }),
  ]))();

/** Which lines a discount looks at: its minimum counts them and its effect reduces them. */
export const DiscountScopeSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('all') }),
    z.object({
      type: z.literal('categories'),
      categories: z.array(z.string().min(1).max(200)).min(1).max(100),
    }),
    z.object({
      type: z.literal('products'),
      productIds: z.array(z.string().min(1).max(100)).min(1).max(500),
    }),
  ]))();

export const DiscountMinimumSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('none') }),
    z.object({ type: z.literal('subtotal'), amountCents: Cents }),
    z.object({ type: z.literal('quantity'), quantity: Count }),
  ]))();

/** Codes are letters, digits, `-` and `_`; they match whatever the case the shopper types. */
export const DiscountCodeSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .trim()
    .min(1, 'Enter a code.')
    .max(64, 'Use at most 64 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.'))();

/** What the owner edits: the payload of the editor's create and update calls. */
export const DiscountDraftSchema = /* @__PURE__ */ (() =>
  z
    .object({
      name: z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.'),
      /** null: an automatic discount, applied whenever its conditions hold. */
      code: DiscountCodeSchema.nullable(),
      effect: DiscountEffectSchema,
      scope: DiscountScopeSchema,
      minimum: DiscountMinimumSchema,
      /** First and last day it applies, both included, in the site's time zone. */
      startsOn: Day.nullable(),
      endsOn: Day.nullable(),
      usageLimit: Count.nullable(),
      perCustomerLimit: Count.nullable(),
      /** A code marked combinable can share an order with other combinable codes. */
      combinable: z.boolean(),
    })
    .refine((d) => d.startsOn === null || d.endsOn === null || d.startsOn <= d.endsOn, {
      message: 'The end date comes before the start date.',
      path: ['endsOn'],
    }))();

/** A stored discount as the cart model reads it. */
export const DiscountSchema = /* @__PURE__ */ (() =>
  DiscountDraftSchema.safeExtend({
    id: z.string(),
    archived: z.boolean(),
  }))();

/** A discount in the editor's list: what it is, how often it was used and what those orders brought. */
export const DiscountListItemSchema = /* @__PURE__ */ (() =>
  DiscountDraftSchema.safeExtend({
    id: z.string(),
    archived: z.boolean(),
    /** Orders placed with it. */
    usedCount: z.number().int().min(0),
    /** What those orders came to, in minor units of the store currency. */
    revenueCents: z.number().int(),
    createdAt: z.string(),
  }))();

/** The editor's list of discounts, a page at a time: `cursor` is the previous page's `nextCursor`. */
export const DiscountListQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }))();

/** One page of the list (live discounts first, then archived, each oldest first). */
export const DiscountListPageSchema = /* @__PURE__ */ (() =>
  z.object({
    discounts: z.array(DiscountListItemSchema),
    /** Where the next page starts; null on the last page. */
    nextCursor: z.string().nullable(),
  }))();

/** A discount the cart applied, by name, with what it took off. */
export const AppliedDiscountSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    code: z.string().nullable(),
    /** Taken off the lines, or off shipping for free shipping. */
    amountCents: z.number().int().min(0),
    freeShipping: z.boolean(),
  }))();

export type DiscountEffect = z.infer<typeof DiscountEffectSchema>;
export type DiscountScope = z.infer<typeof DiscountScopeSchema>;
export type DiscountMinimum = z.infer<typeof DiscountMinimumSchema>;
export type DiscountDraft = z.infer<typeof DiscountDraftSchema>;
export type Discount = z.infer<typeof DiscountSchema>;
export type DiscountListItem = z.infer<typeof DiscountListItemSchema>;
export type DiscountListQuery = z.infer<typeof DiscountListQuerySchema>;
export type DiscountListPage = z.infer<typeof DiscountListPageSchema>;
export type AppliedDiscount = z.infer<typeof AppliedDiscountSchema>;
