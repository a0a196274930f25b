import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { PillCart } from './PillCart';

afterEach(cleanup);

describe('PillCart', () => {
  it('is hidden, inert and out of the accessibility tree when the cart is empty', () => {
    const { container } = render(<PillCart itemCount={0} />);
    const pill = container.firstElementChild as HTMLElement;
    expect(pill.getAttribute('data-visible')).toBe('false');
    expect(pill.getAttribute('aria-hidden')).toBe('true');
    expect(pill.hasAttribute('inert')).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    [1, '1', '1 item', 'Cart, 1 item, subtotal $10.00'],
    [3, '3', '3 items', 'Cart, 3 items, subtotal $10.00'],
    [100, '100', '100 items', 'Cart, 100 items, subtotal $10.00'],
    [101, '100+', '100+ items', 'Cart, 100+ items, subtotal $10.00'],
  ])('shows %i as %s / %s', (count, shown, items, label) => {
    const { container } = render(<PillCart itemCount={count} subtotalText="$10.00" />);
    expect(container.firstElementChild?.getAttribute('data-visible')).toBe('true');
    const link = screen.getByRole('link', { name: label });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.querySelector('.sqs-pill-cart__items')?.textContent).toBe(items);
    // The count shows once, in words: no bare number before "1 item".
    expect(link.textContent).toBe(`${items}$10.00`);
    expect(items.startsWith(shown)).toBe(true);
    expect(link.querySelector('.sqs-pill-cart__subtotal')?.textContent).toBe('$10.00');
  });

  it('fades in when the first item arrives (same element, attribute flips)', () => {
    const { container, rerender } = render(<PillCart itemCount={0} />);
    const pill = container.firstElementChild;
    rerender(<PillCart itemCount={2} subtotalText="$5.00" />);
    expect(container.firstElementChild).toBe(pill);
    expect(pill?.getAttribute('data-visible')).toBe('true');
    expect(pill?.hasAttribute('inert')).toBe(false);
  });

  it('has no accessibility violations, empty or not', async () => {
    const { container, rerender } = render(<PillCart itemCount={0} />);
    await expectNoAxeViolations(container);
    rerender(<PillCart itemCount={4} subtotalText="$44.00" />);
    await expectNoAxeViolations(container);
  });
});
