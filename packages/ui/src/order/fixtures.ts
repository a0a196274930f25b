import { ebook, mug, shirt } from '../cart-page/fixtures';
import type { ConfirmedOrder } from './OrderConfirmation';

/** Sample orders (stories and tests only). */
export const physicalOrder: ConfirmedOrder = {
  orderNumber: '00042',
  email: 'ada@example.com',
  entries: [shirt, mug],
  subtotalCents: 10800,
  discountCents: 1080,
  shippingCostCents: 500,
  taxCents: 842,
  grandTotalCents: 11062,
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    line1: '12 St James Sq',
    line2: 'Flat 3',
    city: 'London',
    region: '',
    postalCode: 'SW1Y 4JH',
    country: 'GB',
  },
  shippingOptionName: 'Standard (5–7 days)',
};

export const digitalOrder: ConfirmedOrder = {
  orderNumber: '00043',
  email: 'grace@example.com',
  entries: [ebook],
  subtotalCents: 900,
  discountCents: 0,
  shippingCostCents: 0,
  taxCents: 74,
  grandTotalCents: 974,
};
