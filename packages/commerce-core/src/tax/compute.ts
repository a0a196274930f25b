/**
 * Tax on an order: which rates apply at an address, and how much each takes from the order's
 * lines and shipping. Amounts are bigint minor units; rounding is half away from zero (roundDiv),
 * once per rate for the whole order or once per line and rate, as the owner chose.
 */
import { roundDiv } from '../money/arithmetic';
import { messages } from '../messages';
import { normaliseRegion } from './regions';
import { RATE_SCALE, rateUnits, type TaxRate, type TaxRounding } from './schema';

export interface TaxAddress {
  readonly country: string;
  /** A state or province as typed: its code ("CA") or its name ("California"). */
  readonly region?: string;
}

/**
 * The rates charged at an address: the country's own rate and its region's rate, both; "*" stands
 * in for a country without any rate of its own. Without an address only "*" applies.
 */
export function ratesFor(rates: readonly TaxRate[], address: TaxAddress | undefined): TaxRate[] {
  const country = address?.country.trim().toUpperCase() ?? '';
  const ofCountry = rates.filter((r) => r.country === country);
  if (ofCountry.length === 0) return rates.filter((r) => r.country === '*');
  const region = normaliseRegion(country, address?.region ?? '');
  return ofCountry.filter((r) => r.region === '' || r.region === region);
}

export interface TaxableLine {
  readonly id: string;
  /** What the line costs after discounts. */
  readonly amount: bigint;
  /** Gift cards, and products the owner marked tax-exempt. */
  readonly exempt: boolean;
}

export interface TaxInput {
  readonly lines: readonly TaxableLine[];
  readonly shipping: bigint;
  /** The rates that apply, from ratesFor. */
  readonly rates: readonly TaxRate[];
  readonly rounding: TaxRounding;
}

export interface TaxCharge {
  readonly name: string;
  /** The percentage as the owner typed it. */
  readonly rate: string;
  readonly country: string;
  readonly region: string;
  /** Already in the prices (VAT-style) rather than added on top. */
  readonly included: boolean;
  readonly tax: bigint;
  /** The amount this rate was charged on, tax excluded. */
  readonly taxable: bigint;
}

export interface TaxResult {
  readonly charges: readonly TaxCharge[];
  /** Every charge. */
  readonly total: bigint;
  /** The part of the total already in the prices; the rest is added to the order. */
  readonly included: bigint;
}

/** An exact fraction n / d (d > 0), so per-order rounding happens once, at the end. */
interface Fraction {
  n: bigint;
  d: bigint;
}
const ZERO: Fraction = { n: 0n, d: 1n };
const add = (a: Fraction, b: Fraction): Fraction =>
  a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
const round = (f: Fraction): bigint => roundDiv(f.n, f.d);

const SCALE = RATE_SCALE;

/**
 * Tax per rate. Added on top: amount × rate. Included: the share of the price that is tax,
 * amount × rate / (1 + the included rates charged on it), so two included rates split one price.
 * An added rate beside an included one is charged on the price as typed.
 */
export function computeTax(input: TaxInput): TaxResult {
  const { rates, rounding } = input;
  const pieces: { amount: bigint; shipping: boolean }[] = [
    ...input.lines
      .filter((l) => !l.exempt && l.amount !== 0n)
      .map((l) => ({ amount: l.amount, shipping: false })),
    ...(input.shipping !== 0n ? [{ amount: input.shipping, shipping: true }] : []),
  ];
  const on = (piece: { shipping: boolean }) => rates.filter((r) => !piece.shipping || r.shipping);
  const includedOn = (piece: { shipping: boolean }) =>
    on(piece).reduce((sum, r) => (r.included ? sum + rateUnits(r.rate) : sum), 0n);

  const charges: TaxCharge[] = [];
  for (const rate of rates) {
    const units = rateUnits(rate.rate);
    if (units === 0n) continue;
    let exact = ZERO;
    let base = ZERO;
    let rounded = 0n;
    for (const piece of pieces) {
      if (!on(piece).includes(rate)) continue;
      const d = SCALE + includedOn(piece);
      const share: Fraction = rate.included
        ? { n: piece.amount * units, d }
        : { n: piece.amount * units, d: SCALE };
      exact = add(exact, share);
      base = add(base, { n: piece.amount * SCALE, d });
      rounded += round(share);
    }
    if (exact.n === 0n) continue;
    charges.push({
      name: rate.name,
      rate: rate.rate,
      country: rate.country,
      region: rate.region,
      included: rate.included,
      tax: rounding === 'line' ? rounded : round(exact),
      taxable: round(base),
    });
  }
  const sum = (cs: readonly TaxCharge[]) => cs.reduce((s, c) => s + c.tax, 0n);
  return { charges, total: sum(charges), included: sum(charges.filter((c) => c.included)) };
}

/**
 * Splits an order-wide discount over the lines in proportion to their amounts, so each line's tax
 * is charged on what was really paid for it. Shares add up to the discount exactly; the leftover
 * minor units go to the lines with the largest remainders (earlier lines on a tie).
 */
export function allocateDiscount(amounts: readonly bigint[], discount: bigint): bigint[] {
  const total = amounts.reduce((s, a) => s + a, 0n);
  if (discount <= 0n || total <= 0n) return amounts.map(() => 0n);
  const capped = discount > total ? total : discount;
  const shares = amounts.map((a) => (a * capped) / total);
  let left = capped - shares.reduce((s, a) => s + a, 0n);
  const byRemainder = amounts
    .map((a, i) => ({ i, rem: (a * capped) % total }))
    .sort((x, y) => (x.rem === y.rem ? x.i - y.i : x.rem > y.rem ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * The rates a store charges: its own table, else its one store-wide rate from before rates by
 * region, as a rate for every country.
 */
export function effectiveTaxRates(settings: {
  taxRates: readonly TaxRate[];
  taxRateBasisPoints: number;
  taxShipping: boolean;
}): readonly TaxRate[] {
  if (settings.taxRates.length > 0) return settings.taxRates;
  if (settings.taxRateBasisPoints <= 0) return [];
  const bp = settings.taxRateBasisPoints;
  const rate = `${Math.floor(bp / 100)}${
    bp % 100
      ? `.${String(bp % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
      : ''
  }`;
  return [
    {
      country: '*',
      region: '',
      name: messages.salesTaxRule,
      rate,
      shipping: settings.taxShipping,
      included: false,
    },
  ];
}
