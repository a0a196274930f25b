import { z } from 'zod';
import { isValidEmail } from '../form-rules/email';
import { messages } from '../messages';

/** The visitor's back-in-stock sign-up from a product page (storefront.md §3). */
export const restockSignUpSchema = /* @__PURE__ */ (() =>
  z.object({
    /** From the mailing-list checkbox when the block shows one, else false. */
    isJoinMailingList: z.boolean().default(false),
    productId: z.string().min(1),
    variantId: z.string().min(1),
    siteVisitorEmail: z.string(),
    recaptchaEnterpriseV3Token: z.string(),
  }))();
export type RestockSignUp = z.infer<typeof restockSignUpSchema>;
export type RestockSignUpInput = z.input<typeof restockSignUpSchema>;

/** POST /api/site-users/account/notifications/restock: a signed-in member's sign-up. */
export const accountRestockSignUpSchema = /* @__PURE__ */ (() =>
  z.object({
    productId: z.string().min(1),
    variantId: z.string().min(1),
    language: z.string().optional(),
  }))();
export type AccountRestockSignUp = z.infer<typeof accountRestockSignUpSchema>;

/** The restock form's only local rule: the email. Undefined when it passes. */
export function restockEmailError(email: string): string | undefined {
  if (email.trim() === '') return messages.restockEmailBlank;
  if (!isValidEmail(email)) return messages.restockEmailInvalid;
  return undefined;
}

/** The error line after a failed sign-up: the server's message when it sent one. */
export function restockFailureMessage(serverMessage?: unknown): string {
  return typeof serverMessage === 'string' && serverMessage.trim() !== ''
    ? serverMessage
    : messages.restockFailed;
}

/** What replaces the block after a successful sign-up: the store's custom text, else the default. */
export function restockSuccessMessage(customText?: string | null): string {
  return customText && customText.trim() !== '' ? customText : messages.restockSignedUp;
}
