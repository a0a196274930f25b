import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../messages';
import {
  MerchandisingContextSchema,
  merchandisingFor,
  restockEmailError,
  restockFailureText,
  restockSuccessText,
  scarcityNotices,
  soldOutText,
} from './index';

describe('merchandising', () => {
  const map = {
    p1: {
      scarcityEnabled: true,
      scarcityText: 'Only {qtyInStock} left!',
      scarcityTemplateViews: [{ qtyInStock: 3, attributes: { Color: 'Red' } }],
    },
  };
  it('finds a product context and fills scarcity notices', () => {
    expect(scarcityNotices(merchandisingFor(map, 'p1'))).toEqual([
      { attributes: { Color: 'Red' }, text: 'Only 3 left!' },
    ]);
    expect(scarcityNotices(merchandisingFor(map, 'p2'))).toEqual([]);
    expect(merchandisingFor(map, '')).toBeUndefined();
    expect(scarcityNotices({ ...map.p1, scarcityEnabled: false })).toEqual([]);
  });
  it('chooses the sold-out text', () => {
    expect(soldOutText({ customSoldOutText: 'Gone' }, 'ausverkauft')).toBe('Gone');
    expect(soldOutText(undefined, 'ausverkauft')).toBe('ausverkauft');
    expect(soldOutText(undefined)).toBe('sold out');
  });
  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['nope', 'Email is invalid'],
    ['a@b.toolong', 'Email is invalid'],
    ['a@example.com', undefined],
  ])('restock email %j → %s', (email, error) => expect(restockEmailError(email)).toBe(error));
  it('words restock outcomes', () => {
    expect(restockSuccessText({})).toBe('Signed up!');
    expect(restockSuccessText({ restockSuccessText: 'Thanks' })).toBe('Thanks');
    expect(restockFailureText()).toBe('Unable to submit form. Please try again later.');
    expect(restockFailureText('Already signed up')).toBe('Already signed up');
  });
  it('validates the context at the edges', () => {
    expect(MerchandisingContextSchema.parse({}).restockNotificationViews).toEqual([]);
  });
});

describe('message catalogue', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fillMessage(messages.itemAddedPopover, { productName: 'Mug' })).toBe(
      'Mug was added to your cart.',
    );
    expect(fillMessage('{a} {b}', { a: 1 })).toBe('1 {b}');
    expect(fillMessage('{a}', { a: '$1' })).toBe('$1');
  });
  it('holds the spec strings verbatim', () => {
    expect(messages.variantUnavailable).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    expect(messages.buttonAdding).toBe('Adding…');
    expect(messages.unavailable).toBe('Unavailable');
  });
});
