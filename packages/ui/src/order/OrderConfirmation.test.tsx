import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { digitalOrder, physicalOrder } from './fixtures';
import { OrderConfirmation } from './OrderConfirmation';

afterEach(cleanup);

const facts = () =>
  Object.fromEntries(
    within(screen.getByRole('region', { name: /Thank you|Order Status/ }))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('OrderConfirmation', () => {
  it('shows the order number, email, items, totals, address and Continue Shopping', () => {
    render(<OrderConfirmation order={physicalOrder} currency="USD" continueShoppingHref="/shop" />);
    const title = screen.getByRole('heading', { level: 2, name: 'Thank you for your order!' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByText('A confirmation email has been sent to ada@example.com.')).toBeTruthy();
    expect(facts()).toMatchObject({
      'Order number': '00042',
      Email: 'ada@example.com',
      Total: '$110.62',
      Shipping: '$5.00',
      Discount: '−$10.80',
    });
    expect(screen.getByText('Engraved Mug')).toBeTruthy();
    const address = screen.getByRole('region', { name: 'Shipping Address' });
    expect(address.textContent).toContain('Ada Lovelace');
    expect(address.textContent).toContain('London, SW1Y 4JH');
    expect(address.textContent).toContain('United Kingdom');
    expect(address.textContent).toContain('Standard (5–7 days)');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('leaves shipping out of a digital order', () => {
    render(<OrderConfirmation order={digitalOrder} currency="USD" continueShoppingHref="/shop" />);
    expect(screen.queryByRole('region', { name: 'Shipping Address' })).toBeNull();
    expect(facts()).not.toHaveProperty('Shipping');
  });

  it('is the order status page with a status label', () => {
    render(
      <OrderConfirmation
        order={physicalOrder}
        currency="USD"
        continueShoppingHref="/shop"
        statusLabel="Shipped"
        focusOnMount={false}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Order Status' })).toBeTruthy();
    expect(facts()).toMatchObject({ Status: 'Shipped' });
    expect(screen.queryByText(/confirmation email/)).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <OrderConfirmation
        order={physicalOrder}
        currency="USD"
        continueShoppingHref="/shop"
        statusLabel="Paid"
      />,
    );
    await expectNoAxeViolations(container);
  });
});
