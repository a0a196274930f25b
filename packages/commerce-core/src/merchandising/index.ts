/** Merchandising context per product: scarcity notices and restock sign-up (storefront.md §3). */
import { z } from 'zod';
import { field, flag, list, num, str } from '../loose/index';
import { fillMessage, messages } from '../messages';

export const ScarcityTemplateViewSchema = /* @__PURE__ */ (() =>
  z.object({
    qtyInStock: z.number().int().min(0),
    attributes: z.record(z.string(), z.string()).optional(),
  }))();

export const RestockNotificationViewSchema = /* @__PURE__ */ (() =>
  z.object({
    variantId: z.union([z.string(), z.number()]),
    hiddenByDefault: z.boolean().default(false),
  }))();

export const RestockNotificationMessagesSchema = /* @__PURE__ */ (() =>
  z.object({
    buttonText: z.string(),
    CTAText: z.string(),
    placeholderText: z.string(),
    mailingListDescription: z.string(),
    successText: z.string().optional(),
  }))();

export const MerchandisingContextSchema = /* @__PURE__ */ (() =>
  z.object({
    scarcityEnabled: z.boolean().default(false),
    scarcityText: z.string().default(''),
    scarcityTemplateViews: z.array(ScarcityTemplateViewSchema).default([]),
    scarcityShownByDefault: z.boolean().default(false),
    customSoldOutText: z.string().optional(),
    restockNotificationViews: z.array(RestockNotificationViewSchema).default([]),
    restockNotificationMessages: RestockNotificationMessagesSchema.optional(),
    mailingListSignUpEnabled: z.boolean().default(false),
    mailingListOptInByDefault: z.boolean().default(false),
    /** The store's custom text after a successful restock sign-up. */
    restockSuccessText: z.string().optional(),
  }))();

/** Product id → context, as pages carry it in productMerchandisingContext. */
export const MerchandisingContextMapSchema = /* @__PURE__ */ (() =>
  z.record(z.string(), MerchandisingContextSchema))();

export const CaptchaSettingsSchema = /* @__PURE__ */ (() => z.object({ siteKey: z.string() }))();

/** Restock sign-up payload (storefront.md §3). */
export const RestockSignUpSchema = /* @__PURE__ */ (() =>
  z.object({
    isJoinMailingList: z.boolean(),
    productId: z.string(),
    variantId: z.string(),
    siteVisitorEmail: z.string(),
    recaptchaEnterpriseV3Token: z.string().optional(),
  }))();

export type ScarcityTemplateView = z.infer<typeof ScarcityTemplateViewSchema>;
export type RestockNotificationView = z.infer<typeof RestockNotificationViewSchema>;
export type MerchandisingContext = z.infer<typeof MerchandisingContextSchema>;
export type RestockSignUp = z.infer<typeof RestockSignUpSchema>;

/** The merchandising context of one product from the page's map (raw JSON). */
export function merchandisingFor(contextMap: unknown, productId: string): unknown {
  return productId === '' ? undefined : field(contextMap, productId);
}

export interface ScarcityNotice {
  readonly attributes: unknown;
  /** The notice with the stock count filled in (not yet HTML-escaped). */
  readonly text: string;
}

/** Scarcity notices, one per variant view; none unless scarcity is enabled. */
export function scarcityNotices(context: unknown): ScarcityNotice[] {
  if (!flag(field(context, 'scarcityEnabled'))) return [];
  const text = str(field(context, 'scarcityText'));
  return list(field(context, 'scarcityTemplateViews')).map((view) => ({
    attributes: field(view, 'attributes'),
    text: fillMessage(text, { qtyInStock: num(field(view, 'qtyInStock')) || 0 }),
  }));
}

/** The sold-out label: the merchant's custom text, else the localized or default one. */
export function soldOutText(context: unknown, localized?: string): string {
  return str(field(context, 'customSoldOutText')) || localized || messages.soldOut;
}

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/** Local validation of the restock form's email (storefront.md §8); undefined when valid. */
export function restockEmailError(email: string): string | undefined {
  const e = email.trim();
  if (e === '') return messages.restockEmailBlank;
  if (e.length < EMAIL_MIN_LENGTH || e.length > EMAIL_MAX_LENGTH || !EMAIL_RE.test(e))
    return messages.restockEmailInvalid;
  return undefined;
}

/** What the block shows after a sign-up: custom success text or "Signed up!". */
export function restockSuccessText(context: unknown): string {
  return str(field(context, 'restockSuccessText')) || messages.restockSignedUp;
}

/** The error line after a failed sign-up: the server's message, else the generic one. */
export function restockFailureText(serverMessage?: string): string {
  return serverMessage || messages.restockFailed;
}
