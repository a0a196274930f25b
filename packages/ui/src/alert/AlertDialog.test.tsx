import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCartAlertTitle } from '@site/commerce-core';
import { expectNoAxeViolations } from '../test/axe';
import { AlertDialog } from './AlertDialog';

afterEach(cleanup);

describe('AlertDialog', () => {
  it.each([
    ['cart', 'Unable to Add Item'],
    ['express-checkout', 'Unable to Purchase Item'],
    ['gift-card', 'Unable to purchase Gift Card'],
  ] as const)('shows the %s title "%s" with the message', (flow, title) => {
    render(
      <AlertDialog
        isOpen
        title={addToCartAlertTitle(flow)}
        message="Please try again in a few seconds."
        onClose={() => {}}
      />,
    );
    const alert = screen.getByRole('alertdialog', { name: title });
    expect(alert.textContent).toContain('Please try again in a few seconds.');
  });

  it('focuses OK, and OK or Escape call onClose', async () => {
    const onClose = vi.fn();
    render(<AlertDialog isOpen title="Unable to Add Item" message="m" onClose={onClose} />);
    const ok = screen.getByRole('button', { name: 'OK' });
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(ok, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    render(<AlertDialog isOpen={false} title="t" message="m" onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('has no accessibility violations', async () => {
    render(<AlertDialog isOpen title="Unable to Add Item" message="Sold out." onClose={() => {}} />);
    await expectNoAxeViolations(screen.getByRole('alertdialog'));
  });
});
