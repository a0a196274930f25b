import { describe, expect, it } from 'vitest';
import { EDITOR_LIMITS } from './limits';
import { StoreCollectionCreateSchema, StoreSettingsSchema } from './schema';
import { storeUrlId } from './url-id';

describe('store URL id', () => {
  it.each([
    ['My Store', [], 'my-store'],
    ['  Shop  ', [], 'shop'],
    ['ab', [], 'store'],
    ['  a ', [], 'store'],
    ['Café Crème', [], 'cafe-creme'],
    ['!!!', [], 'store'],
    ['Shop', ['shop'], 'shop-1'],
    ['Shop', ['shop', 'shop-1', 'shop-2'], 'shop-3'],
    ['Shop', ['shop', 'shop-2'], 'shop-1'],
  ])('%s with %o → %s', (title, existing, id) => expect(storeUrlId(title, existing)).toBe(id));
  it('uses the given fallback title', () =>
    expect(storeUrlId('x', ['products'], 'Products')).toBe('products-1'));
});

describe('store settings', () => {
  it('defaults to USD, services allowing several, no tax, no minimum', () => {
    expect(StoreSettingsSchema.parse({})).toMatchObject({
      selectedCurrency: 'USD',
      multipleQuantityAllowedForServices: true,
      taxRateBasisPoints: 0,
      checkoutMinimumSubtotalCents: 0,
    });
  });
  it.each([
    [{ taxRateBasisPoints: 10001 }],
    [{ selectedCurrency: 'XYZ' }],
    [{ checkoutMinimumSubtotalCents: -1 }],
    [{ shippingOptions: [{ kind: 'table', id: 't', name: 'T', rates: [] }] }],
  ])('rejects %o', (s) => expect(StoreSettingsSchema.safeParse(s).success).toBe(false));
  it('builds the store collection payload with enabled true', () => {
    expect(
      StoreCollectionCreateSchema.parse({
        navigationTitle: 'Shop',
        title: 'Shop',
        urlId: 'shop',
        description: '',
      }).enabled,
    ).toBe(true);
  });
  it('keeps the editor limits of the spec', () => {
    expect(EDITOR_LIMITS.maxProductsPerCollection).toBe(200);
    expect(EDITOR_LIMITS.maxItemsInUserOrderableCollection).toBe(250);
    expect(EDITOR_LIMITS.maxBlocksPerLayout).toBe(60);
    expect(EDITOR_LIMITS.cartCountCap).toBe(100);
  });
});
