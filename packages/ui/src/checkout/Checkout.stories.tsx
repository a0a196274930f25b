import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkout } from './Checkout';
import { digitalCart, physicalCart } from './fixtures';
import { CheckoutSubmitError } from './types';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Storefront/Checkout',
  component: Checkout,
  args: {
    cart: physicalCart,
    currency: 'USD',
    onPlaceOrder: () => wait(1500),
    onShippingOptionChange: () => wait(600),
    onApplyCoupon: (code: string) =>
      wait(600).then(() =>
        code.toUpperCase() === 'WELCOME'
          ? undefined
          : Promise.reject(new Error('This coupon code is not valid.')),
      ),
    onRemoveCoupon: () => wait(300),
  },
} satisfies Meta<typeof Checkout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const DigitalOnly: Story = { args: { cart: digitalCart } };
export const Prefilled: Story = {
  args: {
    initialValues: {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      line1: '12 St James Sq',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    },
  },
};
/** Place Order never finishes: the form stays disabled with "Placing order…". */
export const Placing: Story = {
  args: { ...Prefilled.args, onPlaceOrder: () => new Promise<void>(() => {}) },
};
export const CardDeclined: Story = {
  args: {
    ...Prefilled.args,
    onPlaceOrder: () =>
      wait(800).then(() =>
        Promise.reject(
          new CheckoutSubmitError('Your card was declined.', { cardNumber: 'Declined by the bank.' }),
        ),
      ),
  },
};
export const WithGiftCard: Story = { args: { cart: digitalCart, acceptsGiftCards: true } };
export const GiftCardRefused: Story = {
  args: {
    cart: digitalCart,
    acceptsGiftCards: true,
    onPlaceOrder: () =>
      Promise.reject(
        new CheckoutSubmitError('That gift card code is not valid.', {
          giftCardCode: 'That gift card code is not valid.',
        }),
      ),
  },
};
/** Discounts by name: an automatic free shipping and a code, and a kept code that no longer applies. */
export const NamedDiscounts: Story = {
  args: {
    cart: {
      ...physicalCart,
      discounts: [
        { id: 'ship', name: 'Free shipping over $50', code: null, amountCents: 500, freeShipping: true },
        { id: 'spring', name: 'Spring 10 % off', code: 'SPRING10', amountCents: 1080, freeShipping: false },
      ],
      shippingCostCents: 0,
      coupons: ['SPRING10', 'BIG'],
      invalidCoupons: ['BIG'],
      refusedCoupons: [
        { code: 'BIG', message: 'The code "BIG" needs $200.00 of eligible items in your cart.' },
      ],
      grandTotalCents: 10800 - 1080 + 842,
    },
    onApplyCoupon: () => Promise.resolve(),
  },
};
export const NoShippingOptions: Story = {
  args: { cart: { ...physicalCart, shippingOptions: [], selectedShippingOption: null } },
};
export const ExternalProvider: Story = {
  args: {
    cart: digitalCart,
    paymentFields: {
      render: () => <p>(The payment provider's card widget renders here.)</p>,
      collect: () => ({ provider: 'example', token: 'tok_example' }),
    },
  },
};
/** Type "1 Main Street, Portl": suggestions open under the address; choosing one fills the form. */
export const WithAddressSuggestions: Story = {
  args: {
    addressSuggestions: {
      suggest: (input) =>
        wait(200).then(() => ({
          attribution: 'Google',
          predictions: /,\s*portl/i.test(input)
            ? ['ME 04101', 'OR 97201'].map((place, i) => ({
                placeId: `p${i}`,
                mainText: input.split(',')[0]!.trim(),
                secondaryText: `Portland, ${place}, United States`,
                description: `${input.split(',')[0]!.trim()}, Portland, ${place}, United States`,
              }))
            : [],
        })),
      choose: (p) =>
        wait(200).then(() => ({
          line1: p.mainText,
          line2: '',
          city: 'Portland',
          region: p.secondaryText.includes('OR') ? 'OR' : 'ME',
          postalCode: p.secondaryText.includes('OR') ? '97201' : '04101',
          country: 'US',
        })),
    },
  },
};
/** The suggestion service is down: the address is a plain field, and nothing tells the shopper. */
export const AddressSuggestionsFailing: Story = {
  args: {
    addressSuggestions: {
      suggest: () => wait(200).then(() => Promise.reject(new Error('unavailable'))),
      choose: () => Promise.reject(new Error('unavailable')),
    },
  },
};
