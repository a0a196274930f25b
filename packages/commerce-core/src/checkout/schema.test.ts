import { describe, expect, it } from 'vitest';
import { CheckoutRequestSchema } from './schema';

const address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '12 Row',
  city: 'London',
  postalCode: 'N1',
  country: 'GB',
};
const payment = { provider: 'test', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' };

describe('CheckoutRequestSchema', () => {
  it('accepts a full payload, trims text, defaults the region and keeps the provider fields', () => {
    const parsed = CheckoutRequestSchema.parse({
      email: ' ada@example.com ',
      shippingAddress: { ...address, city: ' London ' },
      payment,
    });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.shippingAddress).toMatchObject({ city: 'London', region: '' });
    expect(parsed.payment).toMatchObject(payment);
  });

  it.each([
    ['a missing payment', { email: 'a@b.co' }],
    ['a three-letter country', { email: 'a@b.co', payment, shippingAddress: { ...address, country: 'GBR' } }],
    ['an empty first name', { email: 'a@b.co', payment, shippingAddress: { ...address, firstName: ' ' } }],
    ['an empty cart token', { email: 'a@b.co', payment, cartToken: '' }],
  ])('refuses %s', (_name, payload) => {
    expect(CheckoutRequestSchema.safeParse(payload).success).toBe(false);
  });

  it('needs no address for carts that do not ship', () => {
    expect(CheckoutRequestSchema.safeParse({ email: 'a@b.co', payment }).success).toBe(true);
  });
});
