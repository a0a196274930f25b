import { z } from 'zod';
import { moneyExample, parseMoneyText } from '../admin/money-text';
import { MAX_MINOR_UNITS } from '../admin/money-input';
import { adminMessages } from '../admin/messages';
import { fillMessage, messages } from '../messages';
import type { CurrencyCode } from '../money/currencies';
import { formatMinorWithSymbol } from '../money/format';

/**
 * Donations (page types 203 and 204; the spec gives only their names). A donation is not an order:
 * no tax, shipping, stock or discount, one amount paid through the site's payment processor. The
 * owner types the suggested amounts and the smallest custom amount as they type prices; visitors
 * pick one or type their own.
 */
export const DONATION_LIMITS = {
  /** Suggested amounts a block shows side by side. */
  amounts: 6,
  /** An amount as typed ("€25", "1 000,50"). */
  amountText: 40,
  name: 200,
  email: 254,
  fund: 200,
} as const;

/** The site's currency and the locale amounts are typed in (the visitor's or the owner's). */
export interface DonationMoney {
  currency: CurrencyCode;
  locale?: string;
}

/** What a donation block allows, in minor units of the site's currency. */
export interface DonationRules {
  /** The suggested amounts, in the block's order. */
  suggested: readonly bigint[];
  allowCustom: boolean;
  /** The smallest custom amount; 1 minor unit when the owner set none. */
  minimum: bigint;
}

/** The block's settings as the owner typed them. */
export interface DonationSettingsText {
  amounts: readonly string[];
  allowCustom: boolean;
  minimum: string;
}

/**
 * The block's typed amounts read in the site's currency. An amount that cannot be read (or is
 * zero) is left out and named in `problems`, in the owner's words, for the editor's preview.
 */
export function readDonationRules(
  settings: DonationSettingsText,
  money: DonationMoney,
): { rules: DonationRules; problems: string[] } {
  const problems: string[] = [];
  const example = moneyExample(money);
  const read = (typed: string): bigint | undefined => {
    if (typed.trim() === '') return undefined;
    const parsed = parseMoneyText(typed, money);
    if (parsed.ok && parsed.minor !== null && parsed.minor > 0n) return parsed.minor;
    problems.push(fillMessage(messages.donationAmountUnreadable, { amount: typed.trim(), example }));
    return undefined;
  };
  const suggested: bigint[] = [];
  for (const typed of settings.amounts.slice(0, DONATION_LIMITS.amounts)) {
    const minor = read(typed);
    // The same amount twice would be two buttons doing one thing.
    if (minor !== undefined && !suggested.includes(minor)) suggested.push(minor);
  }
  const minimum = read(settings.minimum) ?? 1n;
  return { rules: { suggested, allowCustom: settings.allowCustom, minimum }, problems };
}

export type DonationAmountResult = { ok: true; minor: bigint } | { ok: false; message: string };

/**
 * The amount a visitor gives: one of the suggested amounts, or (when the block allows it) their
 * own of at least the minimum. A suggested amount below the minimum is still the owner's choice.
 */
export function chooseDonationAmount(
  typed: string,
  rules: DonationRules,
  money: DonationMoney,
): DonationAmountResult {
  const refuse = (template: string, values: Record<string, string> = {}): DonationAmountResult => ({
    ok: false,
    message: fillMessage(template, { example: moneyExample(money), ...values }),
  });
  if (typed.trim() === '') return refuse(messages.donationAmountMissing);
  const parsed = parseMoneyText(typed, money);
  if (!parsed.ok) {
    if (/^[-−–]|[-−–]$/.test(typed.trim())) return refuse(messages.donationAmountZero);
    // A readable number over the processor's limit is told the limit, not "type a number".
    const tooLarge = adminMessages.moneyTooLarge.split('{')[0]!;
    return parsed.message.startsWith(tooLarge)
      ? refuse(messages.donationAmountTooLarge, {
          max: formatMinorWithSymbol(BigInt(MAX_MINOR_UNITS), money.currency),
        })
      : refuse(messages.donationAmountNotANumber);
  }
  if (parsed.minor === null) return refuse(messages.donationAmountMissing);
  const minor = parsed.minor;
  if (minor === 0n) return refuse(messages.donationAmountZero);
  if (rules.suggested.includes(minor)) return { ok: true, minor };
  if (!rules.allowCustom) return refuse(messages.donationCustomOff);
  if (minor < rules.minimum)
    return refuse(messages.donationBelowMinimum, {
      minimum: formatMinorWithSymbol(rules.minimum, money.currency),
    });
  return { ok: true, minor };
}

/** POST /api/commerce/donations: a visitor's donation from the donate page (203). */
export const DonationRequestSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    /** The donation block the visitor came from; its settings say what it allows. */
    blockId: z.string().trim().min(1).max(100),
    /** As typed (or the chosen suggestion), in the site's currency. */
    amount: z.string().max(DONATION_LIMITS.amountText, messages.donationAmountNotANumber),
    name: z
      .string()
      .trim()
      .min(1, messages.donationNameMissing)
      .max(DONATION_LIMITS.name, messages.donationNameMissing),
    email: z
      .string()
      .trim()
      .min(1, messages.donationEmailMissing)
      .max(DONATION_LIMITS.email, messages.donationEmailInvalid),
    /** The provider's own fields ride along, as at checkout: card fields for the test provider. */
    payment: z.object({ provider: z.string().max(40).default('test') }).passthrough(),
  }))();
export type DonationRequest = z.infer<typeof DonationRequestSchema>;

export const DonationResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    donationId: z.string(),
    /** The confirmation (204); with `payment`, the return address the processor sends the donor to. */
    redirectUrl: z.string(),
    /** Present when the processor finishes in the browser (Stripe): confirm with this, then return. */
    payment: z
      .object({ provider: z.string(), clientSecret: z.string(), amountCents: z.number().int() })
      .optional(),
  }))();

/** One donation on the owner's list (and in its CSV export). */
export const DonationRowSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    donorName: z.string(),
    email: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    fund: z.string(),
    createdOn: z.number(),
    testMode: z.boolean(),
    /** Given back so far, through the editor or the processor's own dashboard. */
    refundedCents: z.number().int(),
  }))();
export type DonationRow = z.infer<typeof DonationRowSchema>;
/** The owner's list a page at a time, newest first: `cursor` is the previous page's `nextCursor`. */
export const DonationListQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    cursor: z.string().max(500).optional(),
  }))();
export type DonationListQuery = z.infer<typeof DonationListQuerySchema>;
/** How many donations one page of the owner's list holds. */
export const DONATIONS_PAGE_SIZE = 50;
/** One page of the owner's list (paid donations only, newest first). */
export const DonationListSchema = /* @__PURE__ */ (() =>
  z.object({
    donations: z.array(DonationRowSchema),
    /** Where the next page starts; null on the last page. */
    nextCursor: z.string().nullable(),
  }))();
export type DonationListPage = z.infer<typeof DonationListSchema>;
