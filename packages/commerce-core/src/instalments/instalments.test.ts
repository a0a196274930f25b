import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INSTALMENT_COUNT,
  InstalmentContextSchema,
  instalmentContextFromPreferences,
  instalmentLocale,
  instalmentOffer,
  instalmentProvider,
  instalmentsApplyToCart,
  instalmentsAvailable,
  normalizeInstalmentCountry,
} from './index';

const bounds = { min: 3500, max: 200000 };

describe('instalment offer', () => {
  it('offers 4 payments by default that add up to the price', () => {
    expect(DEFAULT_INSTALMENT_COUNT).toBe(4);
    expect(instalmentOffer(10001n, bounds, 'USD')).toEqual({
      kind: 'offer',
      count: 4,
      instalments: [2501n, 2500n, 2500n, 2500n],
    });
  });
  it.each([
    [3500n, 'over', 'available for orders over $35.00'],
    [100n, 'over', 'available for orders over $35.00'],
    [200001n, 'up-to', 'available for orders up to $2,000.00'],
  ])('%s cents → %s', (price, kind, message) =>
    expect(instalmentOffer(price, bounds, 'USD')).toEqual({ kind, message }),
  );
  it('includes the maximum itself', () => expect(instalmentOffer(200000n, bounds, 'USD').kind).toBe('offer'));
  it('formats the bound in the store currency', () => {
    expect(instalmentOffer(1n, bounds, 'GBP')).toEqual({
      kind: 'over',
      message: 'available for orders over £35.00',
    });
  });
});

describe('where instalments apply', () => {
  it.each([
    [[1, 1], true],
    [[1, 2], false],
    [[3], false],
    [[], false],
  ])('cart of types %o → %s', (types, expected) => expect(instalmentsApplyToCart(types)).toBe(expected));

  it.each([
    ['US', 'afterpay'],
    ['pr', 'afterpay'],
    ['CA', 'afterpay'],
    ['AU', 'afterpay'],
    ['NZ', 'afterpay'],
    ['GB', 'clearpay'],
    ['FR', undefined],
  ])('%s uses %s', (country, provider) => expect(instalmentProvider(country)).toBe(provider));

  it.each([
    ['US', 'en', 'en_US'],
    ['CA', 'fr-CA', 'fr_CA'],
    ['CA', 'de', 'en_CA'],
    ['GU', 'en', 'en_US'],
    ['GB', 'en', 'en_GB'],
    ['FR', 'fr', 'en_US'],
  ])('%s with %s shows %s', (country, lang, locale) => expect(instalmentLocale(country, lang)).toBe(locale));

  it('maps US territories to the US', () => {
    for (const t of ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'])
      expect(normalizeInstalmentCountry(t)).toBe('US');
    expect(normalizeInstalmentCountry('CA')).toBe('CA');
  });

  it('shows the pill only for available, physical products in a supported country', () => {
    const ctx = InstalmentContextSchema.parse({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 1000,
      shopperLanguage: 'en',
      stripeAccountCountry: 'US',
    });
    expect(instalmentsAvailable(ctx, 1)).toBe(true);
    expect(instalmentsAvailable(ctx, 2)).toBe(false);
    expect(instalmentsAvailable({ ...ctx, afterPayAvailable: false }, 1)).toBe(false);
    expect(instalmentsAvailable({ ...ctx, stripeAccountCountry: 'DE' }, 1)).toBe(false);
  });
});

describe('the pill from the owner’s instalment settings', () => {
  const site = { locale: 'en-US', shopperLanguage: 'en' };
  it('is absent while instalments are off or never set', () => {
    expect(instalmentContextFromPreferences(undefined, site)).toBeUndefined();
    expect(instalmentContextFromPreferences({}, site)).toBeUndefined();
    expect(
      instalmentContextFromPreferences({ enabled: false, numberOfInstalments: 6 }, site),
    ).toBeUndefined();
  });
  it('carries the owner’s bounds and number of payments', () => {
    expect(
      instalmentContextFromPreferences(
        { enabled: true, numberOfInstalments: 6, minimumOrderCents: '5000', maximumOrderCents: '90000' },
        site,
      ),
    ).toEqual({
      afterPayAvailable: true,
      afterPayMin: 5000,
      afterPayMax: 90000,
      shopperLanguage: 'en',
      stripeAccountCountry: 'US',
      numberOfInstalments: 6,
    });
  });
  it('offers on any price when the bounds are empty, in 4 payments by default', () => {
    const ctx = instalmentContextFromPreferences({ enabled: true }, site)!;
    expect(ctx.numberOfInstalments).toBeUndefined();
    expect(instalmentOffer(1n, { min: ctx.afterPayMin, max: ctx.afterPayMax }, 'USD').kind).toBe('offer');
    expect(instalmentOffer(10n ** 12n, { min: ctx.afterPayMin, max: ctx.afterPayMax }, 'USD').kind).toBe(
      'offer',
    );
  });
  it.each([
    ['en-GB', 'GB', 'clearpay'],
    ['fr-CA', 'CA', 'afterpay'],
    ['en', 'US', 'afterpay'],
    ['de-DE', 'DE', undefined],
  ])('a site in %s is a merchant in %s (%s)', (locale, country, provider) => {
    const ctx = instalmentContextFromPreferences({ enabled: true }, { locale, shopperLanguage: 'en' })!;
    expect(ctx.stripeAccountCountry).toBe(country);
    expect(instalmentProvider(ctx.stripeAccountCountry)).toBe(provider);
  });
  it('ignores a count or bound that is not a whole number in range', () => {
    const ctx = instalmentContextFromPreferences(
      { enabled: true, numberOfInstalments: 40, minimumOrderCents: '-5', maximumOrderCents: 'lots' },
      site,
    )!;
    expect(ctx).toMatchObject({ afterPayMin: 0, afterPayMax: Number.MAX_SAFE_INTEGER });
    expect(ctx.numberOfInstalments).toBeUndefined();
  });
});
