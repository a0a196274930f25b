/**
 * Which discounts an order gets and what each takes off.
 *
 * How they stack (the rule the editor and the README describe):
 * - Automatic discounts apply whenever their conditions hold, all of them, in the order they were
 *   created; then the codes, in the order the shopper entered them.
 * - One code per order, unless every code in it is marked combinable.
 * - Each discount works on what the ones before it left of a line, so together they can never take
 *   a line below zero; minimums count the lines in scope at their full price, so one discount never
 *   makes another stop qualifying.
 * - Free shipping takes the shipping cost off once, however many free-shipping discounts apply.
 * - Gift cards are stored money: no discount reduces them, and they count towards no minimum.
 */
import { fillMessage, messages } from '../messages';
import { minBigint, percentOf } from '../money/arithmetic';
import { formatMinorWithSymbol } from '../money/format';
import type { CurrencyCode } from '../money/currencies';
import { discountWindow } from './dates';
import type { AppliedDiscount, Discount } from './schema';

export interface DiscountLine {
  readonly id: string;
  readonly productId: string;
  /** Category names the product is filed under. */
  readonly categories: readonly string[];
  readonly unitCents: bigint;
  readonly quantity: number;
  readonly discountable: boolean;
}

export interface DiscountUsage {
  /** Orders that used it so far. */
  readonly total: number;
  /** Orders this shopper (by email or member) placed with it; unknown until checkout. */
  readonly byCustomer?: number;
}

export interface ApplyDiscountsInput {
  readonly lines: readonly DiscountLine[];
  /** The site's discounts, automatic ones in creation order. */
  readonly discounts: readonly Discount[];
  readonly codes: readonly string[];
  /** What the chosen shipping costs; 0 when nothing ships. */
  readonly shippingCents: bigint;
  readonly requiresShipping: boolean;
  /** Today in the site's time zone (dayInZone). */
  readonly today: string;
  readonly usage: ReadonlyMap<string, DiscountUsage>;
  readonly currency: CurrencyCode;
}

export type DiscountRefusal =
  | 'unknown'
  | 'expired'
  | 'not-yet-valid'
  | 'used-up'
  | 'used-by-customer'
  | 'minimum-subtotal'
  | 'minimum-quantity'
  | 'not-applicable'
  | 'not-combinable';

export interface RefusedCode {
  readonly code: string;
  readonly reason: DiscountRefusal;
  readonly message: string;
}

export interface DiscountResult {
  /** Taken off each line (by line id); absent lines got nothing. */
  readonly lineDiscounts: ReadonlyMap<string, bigint>;
  readonly linesCents: bigint;
  readonly shippingCents: bigint;
  readonly applied: AppliedDiscount[];
  /** The canonical codes that applied. */
  readonly validCodes: string[];
  readonly refused: RefusedCode[];
}

const inScope = (d: Discount, l: DiscountLine): boolean => {
  if (!l.discountable) return false;
  switch (d.scope.type) {
    case 'all':
      return true;
    case 'categories':
      return l.categories.some((c) => (d.scope as { categories: string[] }).categories.includes(c));
    case 'products':
      return d.scope.productIds.includes(l.productId);
  }
};

/** Why a discount cannot apply to these lines, or undefined when it can. */
function refusal(
  d: Discount,
  input: ApplyDiscountsInput,
): { reason: DiscountRefusal; values?: Record<string, string | number> } | undefined {
  if (d.archived) return { reason: 'expired' };
  const window = discountWindow(d, input.today);
  if (window === 'expired') return { reason: 'expired' };
  if (window === 'not-yet-valid')
    return { reason: 'not-yet-valid', values: { date: readableDay(d.startsOn!) } };
  const usage = input.usage.get(d.id);
  if (d.usageLimit !== null && (usage?.total ?? 0) >= d.usageLimit) return { reason: 'used-up' };
  if (d.perCustomerLimit !== null && (usage?.byCustomer ?? 0) >= d.perCustomerLimit)
    return { reason: 'used-by-customer' };
  const lines = input.lines.filter((l) => inScope(d, l));
  if (d.effect.type === 'free-shipping' ? !input.requiresShipping : lines.length === 0)
    return { reason: 'not-applicable' };
  const subtotal = lines.reduce((s, l) => s + l.unitCents * BigInt(l.quantity), 0n);
  const quantity = lines.reduce((s, l) => s + l.quantity, 0);
  if (d.minimum.type === 'subtotal' && subtotal < BigInt(d.minimum.amountCents))
    return {
      reason: 'minimum-subtotal',
      values: { amount: formatMinorWithSymbol(BigInt(d.minimum.amountCents), input.currency) },
    };
  const needed = Math.max(
    d.minimum.type === 'quantity' ? d.minimum.quantity : 0,
    // Buy X get Y gives nothing below X + Y units, so that is its minimum too.
    d.effect.type === 'buy-x-get-y' ? d.effect.buyQuantity + d.effect.getQuantity : 0,
  );
  if (quantity < needed) return { reason: 'minimum-quantity', values: { quantity: needed } };
  return undefined;
}

const refusalMessage: Record<DiscountRefusal, string> = {
  unknown: messages.discountCodeUnknown,
  expired: messages.discountExpired,
  'not-yet-valid': messages.discountNotYetValid,
  'used-up': messages.discountUsedUp,
  'used-by-customer': messages.discountUsedByCustomer,
  'minimum-subtotal': messages.discountMinimumSubtotal,
  'minimum-quantity': messages.discountMinimumQuantity,
  'not-applicable': messages.discountNotApplicable,
  'not-combinable': messages.discountNotCombinable,
};

function readableDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Spreads `amount` over the lines in proportion to what is left of each, to the cent. */
function spread(
  amount: bigint,
  lines: readonly DiscountLine[],
  left: Map<string, bigint>,
): Map<string, bigint> {
  const total = lines.reduce((s, l) => s + left.get(l.id)!, 0n);
  const out = new Map<string, bigint>();
  if (total === 0n) return out;
  const take = minBigint(amount, total);
  let given = 0n;
  for (const l of lines) {
    const share = (take * left.get(l.id)!) / total;
    out.set(l.id, share);
    given += share;
  }
  // The cents lost to rounding down go to the first lines that still have room.
  for (const l of lines) {
    if (given === take) break;
    const room = left.get(l.id)! - out.get(l.id)!;
    const extra = minBigint(room, take - given);
    out.set(l.id, out.get(l.id)! + extra);
    given += extra;
  }
  return out;
}

/** What one discount takes off each line, given what the discounts before it left. */
function lineOffs(
  d: Discount,
  lines: readonly DiscountLine[],
  left: Map<string, bigint>,
): Map<string, bigint> {
  const effect = d.effect;
  switch (effect.type) {
    case 'percentage':
      return new Map(
        lines.map((l) => [l.id, minBigint(percentOf(left.get(l.id)!, effect.basisPoints), left.get(l.id)!)]),
      );
    case 'fixed-amount':
      return spread(BigInt(effect.amountCents), lines, left);
    case 'buy-x-get-y': {
      const units = lines.reduce((s, l) => s + l.quantity, 0);
      let free = Math.floor(units / (effect.buyQuantity + effect.getQuantity)) * effect.getQuantity;
      const out = new Map<string, bigint>();
      // The cheapest units are the ones given.
      for (const l of [...lines].sort((a, b) =>
        a.unitCents < b.unitCents ? -1 : a.unitCents > b.unitCents ? 1 : 0,
      )) {
        if (free === 0) break;
        const n = Math.min(free, l.quantity);
        free -= n;
        out.set(l.id, minBigint(percentOf(l.unitCents * BigInt(n), effect.basisPoints), left.get(l.id)!));
      }
      return out;
    }
    case 'free-shipping':
      return new Map();
  }
}

export function applyDiscounts(input: ApplyDiscountsInput): DiscountResult {
  const left = new Map(input.lines.map((l) => [l.id, l.unitCents * BigInt(l.quantity)]));
  const lineDiscounts = new Map<string, bigint>();
  const applied: AppliedDiscount[] = [];
  const validCodes: string[] = [];
  const refused: RefusedCode[] = [];
  let shippingOff = 0n;

  const take = (d: Discount) => {
    let amount = 0n;
    if (d.effect.type === 'free-shipping') {
      amount = input.shippingCents - shippingOff;
      shippingOff = input.shippingCents;
    } else {
      for (const [id, off] of lineOffs(
        d,
        input.lines.filter((l) => inScope(d, l)),
        left,
      )) {
        left.set(id, left.get(id)! - off);
        lineDiscounts.set(id, (lineDiscounts.get(id) ?? 0n) + off);
        amount += off;
      }
    }
    // An automatic discount that took nothing (say, free shipping on a free option) is not news.
    if (d.code === null && amount === 0n) return;
    applied.push({
      id: d.id,
      name: d.name,
      code: d.code,
      amountCents: Number(amount),
      freeShipping: d.effect.type === 'free-shipping',
    });
  };

  for (const d of input.discounts) if (d.code === null && refusal(d, input) === undefined) take(d);

  const codes: Discount[] = [];
  for (const typed of input.codes) {
    const d = input.discounts.find((x) => x.code !== null && x.code.toLowerCase() === typed.toLowerCase());
    if (d && codes.includes(d)) continue;
    const why: ReturnType<typeof refusal> =
      d === undefined
        ? { reason: 'unknown' }
        : (refusal(d, input) ??
          (codes.length > 0 && !(d.combinable && codes.every((c) => c.combinable))
            ? { reason: 'not-combinable' }
            : undefined));
    if (why) {
      refused.push({
        code: typed,
        reason: why.reason,
        message: fillMessage(refusalMessage[why.reason], { ...why.values, code: typed }),
      });
      continue;
    }
    codes.push(d!);
    validCodes.push(d!.code!);
    take(d!);
  }

  let linesCents = 0n;
  for (const off of lineDiscounts.values()) linesCents += off;
  return { lineDiscounts, linesCents, shippingCents: shippingOff, applied, validCodes, refused };
}
