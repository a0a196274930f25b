import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMERCE_PREFERENCES } from '../admin/preferences';
import { AFTER_ADD_TO_CART, afterAddToCartAction, cartLinksOpenDrawer, StoreSettingsSchema } from './schema';

const cartPreference = COMMERCE_PREFERENCES.cart.schema;

describe('When a shopper adds to cart (store settings)', () => {
  it('defaults to the spec’s message', () =>
    expect(StoreSettingsSchema.parse({}).afterAddToCart).toBe('message'));

  it.each(AFTER_ADD_TO_CART)('keeps %s', (value) => {
    expect(StoreSettingsSchema.parse({ afterAddToCart: value }).afterAddToCart).toBe(value);
    expect(cartPreference.safeParse({ afterAddToCart: value }).success).toBe(true);
  });

  it.each([
    ['an unknown choice', 'popup'],
    ['a different case', 'Drawer'],
    ['a number', 205],
    ['a boolean', true],
    ['a list', ['drawer']],
    ['null', null],
    ['a NUL byte', 'drawer\u0000'],
    ['a lone surrogate', '\ud800'],
  ])('refuses %s', (_label, value) =>
    expect(cartPreference.safeParse({ afterAddToCart: value }).success).toBe(false),
  );

  it('refuses fields it does not know', () =>
    expect(cartPreference.safeParse({ afterAddToCart: 'drawer', cartType: 'drawer' }).success).toBe(false));

  it('refuses any string but the three choices', () =>
    fc.assert(
      fc.property(fc.string(), (value) => {
        const ok = cartPreference.safeParse({ afterAddToCart: value }).success;
        expect(ok).toBe((AFTER_ADD_TO_CART as readonly string[]).includes(value));
      }),
    ));
});

describe('what an add does', () => {
  it.each([
    [undefined, false, 'message', false],
    ['message', false, 'message', false],
    ['drawer', false, 'drawer', true],
    ['page', false, 'page', false],
    // The cart is already in view: only the message, and the links stay links.
    ['drawer', true, 'message', false],
    ['page', true, 'message', false],
    ['message', true, 'message', false],
  ] as const)(
    'setting %s, on a cart page: %s → %s (links open the drawer: %s)',
    (setting, showsCart, action, links) => {
      expect(afterAddToCartAction(setting, { showsCart })).toBe(action);
      expect(cartLinksOpenDrawer(setting, { showsCart })).toBe(links);
    },
  );
});
