import { describe, expect, it } from 'vitest';
import {
  areaPriceLabel,
  isGateable,
  MEMBER_AREA_LIMITS,
  memberAreaAccess,
  memberAreaInputSchema,
  memberAreaMessages,
  purchaseGrantsAccess,
  RENEWAL_GRACE_MS,
  type AreaPurchase,
} from './member-areas';

const areas = [
  { id: 'club', pageIds: ['recipes', 'videos'] },
  { id: 'pro', pageIds: ['videos', 'masterclass'] },
];
const visitor = { memberAreaIds: new Set<string>(), isTeam: false };

describe('memberAreaAccess', () => {
  it.each([
    ['a page no area gates', 'about', visitor, true],
    ['no page (a system page)', undefined, visitor, true],
    ['a gated page to a visitor', 'recipes', visitor, false],
    [
      'a gated page to a member of its area',
      'recipes',
      { ...visitor, memberAreaIds: new Set(['club']) },
      true,
    ],
    [
      'a gated page to a member of another area',
      'recipes',
      { ...visitor, memberAreaIds: new Set(['pro']) },
      false,
    ],
    [
      'a page of two areas to a member of either',
      'videos',
      { ...visitor, memberAreaIds: new Set(['pro']) },
      true,
    ],
    ['a gated page to the site team', 'masterclass', { ...visitor, isTeam: true }, true],
  ] as const)('%s', (_, pageId, viewer, open) => {
    expect(memberAreaAccess(areas, pageId, viewer).open).toBe(open);
  });

  it('names every area that would open the page, in the site’s order', () => {
    const access = memberAreaAccess(areas, 'videos', visitor);
    expect(access.open === false && access.areas.map((a) => a.id)).toEqual(['club', 'pro']);
  });
});

describe('memberAreaInputSchema', () => {
  const issue = (input: unknown) => {
    const parsed = memberAreaInputSchema.safeParse(input);
    return parsed.success ? undefined : parsed.error.issues[0]!.message;
  };

  it.each([
    ['a name of spaces', { name: '   ' }, memberAreaMessages.nameRequired],
    ['a long name', { name: 'x'.repeat(MEMBER_AREA_LIMITS.name + 1) }, memberAreaMessages.nameTooLong],
    [
      'a long description',
      { name: 'Club', description: 'x'.repeat(MEMBER_AREA_LIMITS.description + 1) },
      memberAreaMessages.descriptionTooLong,
    ],
    [
      'too many pages',
      { name: 'Club', pageIds: Array.from({ length: MEMBER_AREA_LIMITS.pages + 1 }, (_, i) => `p${i}`) },
      memberAreaMessages.tooManyPages,
    ],
    [
      'a NUL byte in the name',
      { name: 'Cl\u0000ub' },
      'Text contains characters that cannot be stored (a NUL byte or a broken character).',
    ],
    ['a number as the name', { name: 42 }, 'Invalid input: expected string, received number'],
  ])('refuses %s', (_, input, message) => {
    expect(issue(input)).toBe(message);
  });

  it('trims, defaults and drops repeated pages', () => {
    expect(memberAreaInputSchema.parse({ name: '  Supper club ', pageIds: ['a', 'b', 'a'] })).toEqual({
      name: 'Supper club',
      description: '',
      pageIds: ['a', 'b'],
    });
  });

  it.each([
    ['a price of zero', { billing: 'month', amountMinor: 0 }, memberAreaMessages.priceRequired],
    ['a negative price', { billing: 'once', amountMinor: -500 }, memberAreaMessages.priceRequired],
    ['a fraction of a cent', { billing: 'year', amountMinor: 9.5 }, memberAreaMessages.priceRequired],
    ['a price past what is kept', { billing: 'once', amountMinor: 2 ** 31 }, memberAreaMessages.priceTooHigh],
    [
      'a paid area with no amount',
      { billing: 'month' },
      'Invalid input: expected number, received undefined',
    ],
    [
      'an unknown billing',
      { billing: 'weekly', amountMinor: 500 },
      "Invalid discriminator value. Expected 'free' | 'once' | 'month' | 'year'",
    ],
    [
      'a price as text',
      { billing: 'once', amountMinor: '5.00' },
      'Invalid input: expected number, received string',
    ],
  ])('refuses %s', (_, price, message) => {
    expect(issue({ name: 'Club', price })).toBe(message);
  });

  it('keeps a paid price and drops an amount given with a free one', () => {
    expect(
      memberAreaInputSchema.parse({ name: 'Club', price: { billing: 'month', amountMinor: 900 } }).price,
    ).toEqual({ billing: 'month', amountMinor: 900 });
    expect(
      memberAreaInputSchema.parse({ name: 'Club', price: { billing: 'free', amountMinor: 900 } }).price,
    ).toEqual({
      billing: 'free',
    });
  });
});

describe('purchaseGrantsAccess', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const later = new Date('2026-07-15T12:00:00Z');
  const earlier = new Date('2026-06-01T12:00:00Z');
  const paid: AreaPurchase = { status: 'paid', cancelledAt: null, refundedCents: 0, grandTotalCents: 900 };
  const sub = { nextBillingAt: later, cancelledAt: null, pausedAt: null };
  it.each([
    ['a paid one-time price', paid, true],
    ['a payment still pending', { ...paid, status: 'pending' }, false],
    ['a failed payment', { ...paid, status: 'failed' }, false],
    ['an order the owner cancelled', { ...paid, cancelledAt: earlier }, false],
    ['an order refunded in full', { ...paid, refundedCents: 900 }, false],
    ['an order refunded in part', { ...paid, refundedCents: 300 }, true],
    ['a subscription within its period', { ...paid, subscription: sub }, true],
    [
      'a subscription cancelled, before the period it paid for ends',
      { ...paid, subscription: { ...sub, cancelledAt: earlier } },
      true,
    ],
    [
      'a subscription cancelled, after its period ended',
      { ...paid, subscription: { ...sub, nextBillingAt: earlier, cancelledAt: earlier } },
      false,
    ],
    [
      'a subscription whose renewal is being charged',
      { ...paid, subscription: { ...sub, nextBillingAt: new Date(now.getTime() - 60_000) } },
      true,
    ],
    [
      'a subscription whose renewal is overdue past the grace',
      { ...paid, subscription: { ...sub, nextBillingAt: new Date(now.getTime() - RENEWAL_GRACE_MS - 1) } },
      false,
    ],
    [
      'a subscription paused after its renewals failed',
      { ...paid, subscription: { ...sub, nextBillingAt: earlier, pausedAt: now } },
      false,
    ],
    [
      'a plan paid in full (no further billing)',
      { ...paid, subscription: { ...sub, nextBillingAt: null } },
      true,
    ],
  ] as const)('%s: %s', (_, purchase, open) => {
    expect(purchaseGrantsAccess(purchase as AreaPurchase, now)).toBe(open);
  });
});

describe('isGateable', () => {
  it.each([
    ['a page', { kind: 'page', path: '/recipes' }, true],
    ['a collection (a blog, a store)', { kind: 'collection', path: '/journal' }, true],
    ['the home page', { kind: 'page', path: '/' }, false],
    ['a system page (the cart)', { kind: 'system', path: '/cart' }, false],
    ['a folder', { kind: 'folder', path: '/studio' }, false],
  ])('%s: %s', (_, page, gateable) => {
    expect(isGateable(page)).toBe(gateable);
  });
});

describe('areaPriceLabel', () => {
  it.each([
    [{ billing: 'free' }, 'USD', undefined],
    [{ billing: 'month', amountMinor: 900 }, 'USD', '$9.00 / month'],
    [{ billing: 'year', amountMinor: 9000 }, 'EUR', '€90.00 / year'],
    [{ billing: 'once', amountMinor: 2500 }, 'USD', '$25.00'],
    [{ billing: 'month', amountMinor: 1200 }, 'JPY', '¥1,200 / month'],
  ] as const)('%j in %s reads %s', (price, currency, label) => {
    expect(areaPriceLabel(price, currency)).toBe(label);
  });
});
