import type { Discount } from './schema';

/** A discount for tests: a code for 10 % off everything, with whatever the test changes. */
export function testDiscount(over: Partial<Discount> & Pick<Discount, 'id'>): Discount {
  return {
    name: over.code ?? over.id.toUpperCase(),
    code: over.id.toUpperCase(),
    effect: { type: 'percentage', basisPoints: 1000 },
    scope: { type: 'all' },
    minimum: { type: 'none' },
    startsOn: null,
    endsOn: null,
    usageLimit: null,
    perCustomerLimit: null,
    combinable: false,
    archived: false,
    ...over,
  };
}
