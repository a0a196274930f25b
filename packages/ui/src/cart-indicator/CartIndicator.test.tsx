import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { CartIndicator } from './CartIndicator';

afterEach(cleanup);

describe('CartIndicator', () => {
  it.each([
    [0, '0', 'true', 'Cart, 0 items'],
    [1, '1', 'false', 'Cart, 1 item'],
    [100, '100', 'false', 'Cart, 100 items'],
    [101, '100+', 'false', 'Cart, 100+ items'],
  ])('shows %i as %s (empty=%s)', (count, shown, empty, label) => {
    render(<CartIndicator itemCount={count} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('data-empty')).toBe(empty);
    expect(link.textContent).toContain(shown);
    expect(link.getAttribute('aria-label')).toBe(label);
  });

  it('announces the subtotal and links to /cart', () => {
    render(<CartIndicator itemCount={2} subtotalText="$40.00" />);
    const link = screen.getByRole('link', { name: 'Cart, 2 items, subtotal $40.00' });
    expect(link.getAttribute('href')).toBe('/cart');
  });

  it('marks loading and error states', () => {
    const { rerender } = render(<CartIndicator />);
    expect(screen.getByRole('link').getAttribute('aria-busy')).toBe('true');
    rerender(<CartIndicator error />);
    expect(screen.getByRole('link', { name: 'Cart, contents unavailable' })).toBeTruthy();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<CartIndicator itemCount={3} subtotalText="$12.00" />);
    await expectNoAxeViolations(container);
  });
});
