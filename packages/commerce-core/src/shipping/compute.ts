/**
 * Which shipping options an address gets, and what each costs for a parcel. A place belongs to one
 * zone; the most specific zone covering the address wins (its state over its country over "*").
 */
import { normaliseRegion } from '../tax/regions';
import type { ShippingOptionSetting } from '../store/schema';
import { shippingMessages } from './messages';
import type { ShippingRate, ShippingZone } from './schema';

export interface ShippingPlace {
  readonly country: string;
  readonly region?: string;
}

export interface Parcel {
  /** What the goods cost before discounts, as the price tables and "free over" read it. */
  readonly subtotal: bigint;
  readonly weightGrams: number;
}

export interface ShippingQuote {
  readonly id: string;
  readonly name: string;
  readonly kind: ShippingRate['kind'];
  readonly cost: bigint;
  /** Pickup's instructions. */
  readonly instructions?: string;
}

/**
 * The zone for an address. Without an address only a store that ships everywhere at one set of
 * rates (one zone, covering "*") can say what shipping costs; others wait for the address.
 */
export function zoneFor(
  zones: readonly ShippingZone[],
  address: ShippingPlace | undefined,
): ShippingZone | undefined {
  if (!address || !address.country.trim()) {
    return zones.length === 1 && zones[0]!.areas.includes('*') ? zones[0] : undefined;
  }
  const country = address.country.trim().toUpperCase();
  const region = normaliseRegion(country, address.region ?? '');
  const candidates = region ? [`${country}-${region}`, country, '*'] : [country, '*'];
  for (const area of candidates) {
    const zone = zones.find((z) => z.areas.includes(area));
    if (zone) return zone;
  }
  return undefined;
}

/** The bracket reached: the highest start at or below the amount; below all of them, the lowest. */
function bracket<T>(brackets: readonly T[], start: (b: T) => number, amount: bigint): T {
  let best: T | undefined;
  for (const b of brackets) {
    if (BigInt(start(b)) <= amount && (best === undefined || start(b) > start(best))) best = b;
  }
  return best ?? brackets.reduce((a, b) => (start(b) < start(a) ? b : a));
}

/** What a rate costs for a parcel, or undefined when the rate does not take it (too heavy). */
export function rateCost(rate: ShippingRate, parcel: Parcel): bigint | undefined {
  if (rate.kind === 'weight' && rate.maxGrams !== undefined && parcel.weightGrams > rate.maxGrams)
    return undefined;
  if (
    rate.kind !== 'pickup' &&
    rate.freeOverCents !== undefined &&
    parcel.subtotal >= BigInt(rate.freeOverCents)
  )
    return 0n;
  switch (rate.kind) {
    case 'flat':
    case 'pickup':
      return BigInt(rate.amountCents);
    case 'weight':
      return BigInt(bracket(rate.brackets, (b) => b.minGrams, BigInt(parcel.weightGrams)).amountCents);
    case 'price':
      return BigInt(bracket(rate.brackets, (b) => b.minSubtotalCents, parcel.subtotal).amountCents);
  }
}

/** The options an address gets for a parcel, in the owner's order. */
export function shippingQuotes(
  zones: readonly ShippingZone[],
  address: ShippingPlace | undefined,
  parcel: Parcel,
): ShippingQuote[] {
  const zone = zoneFor(zones, address);
  if (!zone) return [];
  const quotes: ShippingQuote[] = [];
  for (const rate of zone.rates) {
    const cost = rateCost(rate, parcel);
    if (cost === undefined) continue;
    quotes.push({
      id: rate.id,
      name: rate.name,
      kind: rate.kind,
      cost,
      ...(rate.kind === 'pickup' && rate.instructions ? { instructions: rate.instructions } : {}),
    });
  }
  return quotes;
}

/**
 * Flat and table rates set before zones existed become one zone covering everywhere: a flat rate
 * stays flat and a table (by order subtotal) becomes a price-based rate, with the same ids, so a
 * cart's chosen option survives.
 */
export function zonesFromLegacy(options: readonly ShippingOptionSetting[]): ShippingZone[] {
  if (options.length === 0) return [];
  return [
    {
      id: 'everywhere',
      name: shippingMessages.everywhereZone,
      areas: ['*'],
      rates: options.map((o): ShippingRate =>
        o.kind === 'flat'
          ? { kind: 'flat', id: o.id, name: o.name, amountCents: o.amountCents }
          : { kind: 'price', id: o.id, name: o.name, brackets: o.rates.map((r) => ({ ...r })) },
      ),
    },
  ];
}

/** The zones a store ships by: its own, else those made from its older flat and table rates. */
export function effectiveZones(settings: {
  shippingZones: readonly ShippingZone[];
  shippingOptions: readonly ShippingOptionSetting[];
}): readonly ShippingZone[] {
  return settings.shippingZones.length > 0
    ? settings.shippingZones
    : zonesFromLegacy(settings.shippingOptions);
}
