/**
 * The cart calls of storefront.md §7, shared by the API (which parses requests) and the browser
 * (which builds them).
 */
import { z } from 'zod';
import { CartEntrySchema, ShoppingCartSchema } from '../cart/schema';
import { StockResultSchema } from '../product/schema';
import { findUnsafeText, safeString, UNSAFE_TEXT_MESSAGE } from '../text/safe-text';
import { QUANTITY_MAX, QUANTITY_MIN } from './validation';

/**
 * A JSON document carried as a string, as the additional-fields form answers are. Its content must
 * be safe text too (no NUL, no unpaired surrogate, escaped or not): it is stored as jsonb.
 */
const JsonString = /* @__PURE__ */ (() =>
  z.string().superRefine((s, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON string' });
      return;
    }
    if (findUnsafeText(s) ?? findUnsafeText(value))
      ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE });
  }))();

const Quantity = /* @__PURE__ */ (() => z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX))();

/** POST /api/commerce/shopping-cart/entries */
export const AddCartEntryRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    itemId: safeString().min(1),
    sku: safeString(),
    quantity: Quantity,
    additionalFields: JsonString.nullable().optional(),
  }))();
export const AddCartEntryResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    shoppingCart: ShoppingCartSchema,
    newlyAdded: CartEntrySchema,
  }))();

/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields */
export const UpdateEntryFieldsRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    itemId: safeString().min(1),
    sku: safeString(),
    additionalFields: JsonString,
  }))();
export const UpdateEntryFieldsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    shoppingCart: ShoppingCartSchema,
    updatedEntry: CartEntrySchema,
  }))();

/** GET /api/commerce/shopping-cart (query string values arrive as text). */
export const GetCartQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    mock: z.string().optional(),
    timecode: z.string().optional(),
    calculateSubtotal: z.enum(['true', 'false']).optional(),
  }))();

/** POST /api/3/commerce/cart/subscription */
export const SubscriptionCartRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    itemId: safeString().min(1),
    sku: safeString(),
    qty: Quantity,
    additionalFields: JsonString.nullable().optional(),
  }))();
export const SubscriptionCartResponseSchema = /* @__PURE__ */ (() => z.object({ cartToken: z.string() }))();

/** GET commerce/inventory/stock/?itemId= */
export const StockQuerySchema = /* @__PURE__ */ (() => z.object({ itemId: safeString().min(1) }))();
export const StockResponseSchema = /* @__PURE__ */ (() =>
  z.object({ results: z.array(StockResultSchema) }))();

export type AddCartEntryRequest = z.infer<typeof AddCartEntryRequestSchema>;
export type AddCartEntryResponse = z.infer<typeof AddCartEntryResponseSchema>;
export type UpdateEntryFieldsRequest = z.infer<typeof UpdateEntryFieldsRequestSchema>;
export type UpdateEntryFieldsResponse = z.infer<typeof UpdateEntryFieldsResponseSchema>;
export type GetCartQuery = z.infer<typeof GetCartQuerySchema>;
export type SubscriptionCartRequest = z.infer<typeof SubscriptionCartRequestSchema>;
export type SubscriptionCartResponse = z.infer<typeof SubscriptionCartResponseSchema>;
export type StockQuery = z.infer<typeof StockQuerySchema>;
export type StockResponse = z.infer<typeof StockResponseSchema>;
