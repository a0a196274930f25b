import {
  effectiveZones,
  ShippingZonesSchema,
  type ShippingOptionSetting,
  type ShippingRate,
  type ShippingZone,
} from '@site/commerce-core';
import { formatMoneyText, parseMoneyText, type MoneyTextOptions } from '@site/commerce-core/admin';
import { taxShippingMessages as m } from './tax-shipping-messages';

export type ShippingRateKind = ShippingRate['kind'];

/** One step of a table: from a weight in grams (typed as text) or an order amount, this price. */
export interface BracketRow {
  key: string;
  from: string;
  amount: string;
}

/** One option as typed; the fields another kind uses are kept, so switching kinds loses nothing. */
export interface ShippingRateRow {
  key: string;
  id: string;
  kind: ShippingRateKind;
  name: string;
  amount: string;
  freeOver: string;
  maxGrams: string;
  brackets: BracketRow[];
  instructions: string;
}

export interface ShippingZoneRow {
  key: string;
  id: string;
  name: string;
  /** Codes as typed: "DE, AT, US-CA". */
  areas: string;
  rates: ShippingRateRow[];
}

export interface ShippingForm {
  zones: ShippingZoneRow[];
}

let nextKey = 0;
const key = (prefix: string) => `${prefix}-${++nextKey}`;
/** Ids stay with a zone or option for good: a shopper's chosen option is remembered by it. */
const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export const emptyBracket = (): BracketRow => ({ key: key('step'), from: '', amount: '' });

export function emptyRate(kind: ShippingRateKind): ShippingRateRow {
  return {
    key: key('rate'),
    id: newId(kind),
    kind,
    name: '',
    amount: '',
    freeOver: '',
    maxGrams: '',
    brackets: [{ ...emptyBracket(), from: kind === 'weight' ? '0' : '' }],
    instructions: '',
  };
}

export const emptyZone = (): ShippingZoneRow => ({
  key: key('zone'),
  id: newId('zone'),
  name: '',
  areas: '',
  rates: [],
});

const money = (stored: number | undefined, options: MoneyTextOptions) =>
  stored === undefined ? '' : formatMoneyText(BigInt(stored), options);

function rateRow(rate: ShippingRate, options: MoneyTextOptions): ShippingRateRow {
  const row = { ...emptyRate(rate.kind), id: rate.id, name: rate.name };
  switch (rate.kind) {
    case 'flat':
      return {
        ...row,
        amount: money(rate.amountCents, options),
        freeOver: money(rate.freeOverCents, options),
      };
    case 'pickup':
      return {
        ...row,
        amount: rate.amountCents ? money(rate.amountCents, options) : '',
        instructions: rate.instructions,
      };
    case 'weight':
      return {
        ...row,
        freeOver: money(rate.freeOverCents, options),
        maxGrams: rate.maxGrams === undefined ? '' : String(rate.maxGrams),
        brackets: rate.brackets.map((b) => ({
          key: key('step'),
          from: String(b.minGrams),
          amount: money(b.amountCents, options),
        })),
      };
    case 'price':
      return {
        ...row,
        freeOver: money(rate.freeOverCents, options),
        brackets: rate.brackets.map((b) => ({
          key: key('step'),
          from: money(b.minSubtotalCents, options),
          amount: money(b.amountCents, options),
        })),
      };
  }
}

/**
 * The form for the saved shipping preferences. A store that still has its options of before
 * zones sees them as one "Everywhere" zone, which is how the checkout offers them; the next save
 * keeps them as that zone and drops the old field.
 */
export function shippingFormOf(
  saved: Readonly<Record<string, unknown>>,
  options: MoneyTextOptions,
): ShippingForm {
  const zones = effectiveZones({
    shippingZones: Array.isArray(saved.shippingZones) ? (saved.shippingZones as ShippingZone[]) : [],
    shippingOptions: Array.isArray(saved.shippingOptions)
      ? (saved.shippingOptions as ShippingOptionSetting[])
      : [],
  });
  return {
    zones: zones.map((z) => ({
      key: key('zone'),
      id: z.id,
      name: z.name,
      areas: z.areas.join(', '),
      rates: z.rates.map((r) => rateRow(r, options)),
    })),
  };
}

export type ShippingFormCheck =
  | { ok: true; preferences: { shippingZones: ShippingZone[] } }
  | { ok: false; issues: Record<string, string> };

/**
 * The zones to save. Amounts are read as the owner typed them and weights as whole grams; the
 * rest is checked by the schema the server uses. Issues are keyed as the server's
 * ("shippingZones.0.rates.1.amountCents").
 */
export function checkShippingForm(form: ShippingForm, options: MoneyTextOptions): ShippingFormCheck {
  const issues: Record<string, string> = {};
  const amount = (text: string, path: string, required: boolean): number | undefined => {
    const read = parseMoneyText(text, { ...options, required });
    if (!read.ok) {
      issues[path] = read.message;
      return undefined;
    }
    return read.minor === null ? undefined : Number(read.minor);
  };
  const grams = (text: string, path: string, required: boolean): number | undefined => {
    const t = text.trim();
    if (t === '' && !required) return undefined;
    if (!/^\d{1,8}$/.test(t)) {
      issues[path] = m.wholeGrams;
      return undefined;
    }
    return Number(t);
  };
  const zones = form.zones.map((zone, z) => {
    const at = `shippingZones.${z}`;
    return {
      id: zone.id,
      name: zone.name,
      areas: zone.areas
        .split(/[,;\s]+/)
        .map((a) => a.trim().toUpperCase())
        .filter(Boolean),
      rates: zone.rates.map((r, i) => {
        const p = `${at}.rates.${i}`;
        const base = { id: r.id, name: r.name };
        const freeOverCents = amount(r.freeOver, `${p}.freeOverCents`, false);
        switch (r.kind) {
          case 'flat':
            return {
              ...base,
              kind: r.kind,
              amountCents: amount(r.amount, `${p}.amountCents`, true) ?? 0,
              freeOverCents,
            };
          case 'pickup':
            return {
              ...base,
              kind: r.kind,
              amountCents: amount(r.amount, `${p}.amountCents`, false) ?? 0,
              instructions: r.instructions,
            };
          case 'weight':
            return {
              ...base,
              kind: r.kind,
              freeOverCents,
              maxGrams: grams(r.maxGrams, `${p}.maxGrams`, false),
              brackets: r.brackets.map((b, j) => ({
                minGrams: grams(b.from, `${p}.brackets.${j}.minGrams`, true) ?? 0,
                amountCents: amount(b.amount, `${p}.brackets.${j}.amountCents`, true) ?? 0,
              })),
            };
          case 'price':
            return {
              ...base,
              kind: r.kind,
              freeOverCents,
              brackets: r.brackets.map((b, j) => ({
                minSubtotalCents: amount(b.from, `${p}.brackets.${j}.minSubtotalCents`, false) ?? 0,
                amountCents: amount(b.amount, `${p}.brackets.${j}.amountCents`, true) ?? 0,
              })),
            };
        }
      }),
    };
  });
  const read = ShippingZonesSchema.safeParse(zones);
  if (!read.success)
    for (const issue of read.error.issues)
      issues[['shippingZones', ...issue.path].join('.')] ??= issue.message;
  if (Object.keys(issues).length > 0 || !read.success) return { ok: false, issues };
  return { ok: true, preferences: { shippingZones: read.data } };
}
