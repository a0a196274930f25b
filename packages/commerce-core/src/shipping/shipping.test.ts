import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveZones, rateCost, shippingQuotes, zoneFor, zonesFromLegacy } from './compute';
import { shippingMessages } from './messages';
import { ShippingZoneSchema, ShippingZonesSchema, type ShippingRate, type ShippingZone } from './schema';

const weight: ShippingRate = {
  kind: 'weight',
  id: 'eu-std',
  name: 'Standard',
  brackets: [
    { minGrams: 0, amountCents: 490 },
    { minGrams: 1000, amountCents: 790 },
    { minGrams: 5000, amountCents: 1590 },
  ],
  maxGrams: 20_000,
};
const ZONES: ShippingZone[] = [
  {
    id: 'eu',
    name: 'Europe',
    areas: ['DE', 'FR', 'AT'],
    rates: [
      weight,
      { kind: 'pickup', id: 'pickup', name: 'Pick up in Berlin', amountCents: 0, instructions: 'Mon–Fri' },
    ],
  },
  {
    id: 'us-ca',
    name: 'California',
    areas: ['US-CA'],
    rates: [{ kind: 'flat', id: 'ca-flat', name: 'Courier', amountCents: 900 }],
  },
  {
    id: 'us',
    name: 'United States',
    areas: ['US'],
    rates: [
      {
        kind: 'price',
        id: 'us-std',
        name: 'Ground',
        brackets: [
          { minSubtotalCents: 0, amountCents: 1200 },
          { minSubtotalCents: 5000, amountCents: 800 },
        ],
        freeOverCents: 10_000,
      },
    ],
  },
  {
    id: 'world',
    name: 'Rest of world',
    areas: ['*'],
    rates: [{ kind: 'flat', id: 'intl', name: 'International', amountCents: 2500 }],
  },
];
const parcel = (subtotal: number, weightGrams = 0) => ({ subtotal: BigInt(subtotal), weightGrams });
const quotes = (country: string, region: string, subtotal: number, grams = 0) =>
  shippingQuotes(ZONES, { country, region }, parcel(subtotal, grams)).map((q) => [q.id, Number(q.cost)]);

describe('shipping zones', () => {
  it.each([
    ['DE', '', 'eu'],
    ['de', 'Berlin', 'eu'],
    ['US', 'CA', 'us-ca'],
    ['US', 'California', 'us-ca'],
    ['US', 'NY', 'us'],
    ['US', '', 'us'],
    ['JP', '', 'world'],
  ])('%s / %s is in zone %s', (country, region, zone) => {
    expect(zoneFor(ZONES, { country, region })?.id).toBe(zone);
  });

  it('without an address, only a store shipping everywhere at one set of rates has options', () => {
    expect(zoneFor(ZONES, undefined)).toBeUndefined();
    expect(zoneFor([ZONES[3]!], undefined)?.id).toBe('world');
    expect(zoneFor([ZONES[0]!], { country: 'JP' })).toBeUndefined();
  });

  it.each<[string, string, number, number, (string | number)[][]]>([
    [
      'DE',
      '',
      3000,
      400,
      [
        ['eu-std', 490],
        ['pickup', 0],
      ],
    ],
    [
      'DE',
      '',
      3000,
      1000,
      [
        ['eu-std', 790],
        ['pickup', 0],
      ],
    ],
    [
      'DE',
      '',
      3000,
      7500,
      [
        ['eu-std', 1590],
        ['pickup', 0],
      ],
    ],
    // Heavier than the weight rate takes: only pickup is left.
    ['DE', '', 3000, 20_001, [['pickup', 0]]],
    ['US', 'CA', 3000, 400, [['ca-flat', 900]]],
    ['US', 'TX', 3000, 400, [['us-std', 1200]]],
    ['US', 'TX', 5000, 400, [['us-std', 800]]],
    // Free shipping from 100.00.
    ['US', 'TX', 10_000, 400, [['us-std', 0]]],
    ['BR', '', 3000, 400, [['intl', 2500]]],
  ])('%s/%s, goods %i, %i g → %o', (country, region, subtotal, grams, expected) => {
    expect(quotes(country, region, subtotal, grams)).toEqual(expected);
  });

  it('carries pickup instructions with the option', () => {
    const pickup = shippingQuotes(ZONES, { country: 'FR' }, parcel(100)).find((q) => q.kind === 'pickup');
    expect(pickup).toMatchObject({ name: 'Pick up in Berlin', instructions: 'Mon–Fri', cost: 0n });
  });

  it('a weight rate costs the bracket reached, never less as the parcel gets heavier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (a, b) => {
        const [light, heavy] = a < b ? [a, b] : [b, a];
        expect(rateCost(weight, parcel(0, light))! <= rateCost(weight, parcel(0, heavy))!).toBe(true);
      }),
    );
  });
});

describe('flat and table rates from before zones', () => {
  it('become one zone for everywhere with the same ids and prices', () => {
    const zones = zonesFromLegacy([
      { kind: 'flat', id: 'std', name: 'Standard', amountCents: 500 },
      {
        kind: 'table',
        id: 'tbl',
        name: 'Table',
        rates: [
          { minSubtotalCents: 0, amountCents: 900 },
          { minSubtotalCents: 5000, amountCents: 0 },
        ],
      },
    ]);
    expect(zones).toHaveLength(1);
    expect(zones[0]?.areas).toEqual(['*']);
    expect(ShippingZonesSchema.safeParse(zones).success).toBe(true);
    expect(shippingQuotes(zones, undefined, parcel(6000)).map((q) => [q.id, Number(q.cost)])).toEqual([
      ['std', 500],
      ['tbl', 0],
    ]);
    expect(shippingQuotes(zones, { country: 'NZ' }, parcel(100)).map((q) => Number(q.cost))).toEqual([
      500, 900,
    ]);
  });

  it('are used only while the store has no zones', () => {
    const legacy = [{ kind: 'flat' as const, id: 'std', name: 'Standard', amountCents: 500 }];
    expect(effectiveZones({ shippingZones: [], shippingOptions: legacy })[0]?.id).toBe('everywhere');
    expect(effectiveZones({ shippingZones: ZONES, shippingOptions: legacy })).toBe(ZONES);
    expect(effectiveZones({ shippingZones: [], shippingOptions: [] })).toEqual([]);
  });
});

describe('zone settings', () => {
  it('refuses a place in two zones, naming it', () => {
    const result = ShippingZonesSchema.safeParse([ZONES[0], { ...ZONES[1], areas: ['us-ca', 'de'] }]);
    expect(result.error?.issues[0]?.message).toBe('DE is in two zones; each place can be in one zone only.');
  });

  it.each([
    [{ ...ZONES[0], areas: ['Germany'] }, shippingMessages.areaCode],
    [{ ...ZONES[0], areas: [] }, shippingMessages.zoneAreasMissing],
    [{ ...ZONES[0], name: '' }, shippingMessages.zoneNameMissing],
    [{ ...ZONES[0], rates: [{ ...weight, brackets: [] }] }, shippingMessages.bracketsMissing],
    [
      {
        ...ZONES[0],
        rates: [
          {
            ...weight,
            brackets: [
              { minGrams: 0, amountCents: 1 },
              { minGrams: 0, amountCents: 2 },
            ],
          },
        ],
      },
      shippingMessages.bracketsDuplicate,
    ],
    [
      { ...ZONES[0], rates: [{ kind: 'flat', id: 'x', name: ' ', amountCents: 1 }] },
      shippingMessages.rateNameMissing,
    ],
  ])('refuses %o with its message', (zone, message) => {
    expect(ShippingZoneSchema.safeParse(zone).error?.issues[0]?.message).toBe(message);
  });

  it('refuses two options with one id across zones', () => {
    const result = ShippingZonesSchema.safeParse([
      ZONES[0],
      { ...ZONES[1], rates: [{ ...ZONES[0]!.rates[1]! }] },
    ]);
    expect(result.error?.issues[0]?.message).toBe(shippingMessages.idsDuplicate);
  });
});
