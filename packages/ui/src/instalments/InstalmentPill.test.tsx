import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { InstalmentModal } from './InstalmentModal';
import { InstalmentPill, instalmentPillText } from './InstalmentPill';

afterEach(cleanup);

const bounds = { min: 3500, max: 200000 };
const ready = {
  state: 'ready',
  html: '<p>Pay in 4 with no interest.</p><a href="#terms">Terms</a>',
} as const;
const info = () => screen.getByRole('button', { name: 'Learn more about paying in instalments' });

describe('instalmentPillText', () => {
  it.each([
    [10000n, 'or 4 interest-free payments of $25.00'],
    [10001n, 'or 4 interest-free payments of $25.01'],
    [200000n, 'or 4 interest-free payments of $500.00'],
    [200001n, 'Pay in 4 interest-free payments, available for orders up to $2,000.00'],
    [3500n, 'Pay in 4 interest-free payments, available for orders over $35.00'],
  ])('%s cents → %s', (price, text) => {
    expect(instalmentPillText(price, bounds, 'USD')).toBe(text);
  });
});

describe('InstalmentPill', () => {
  it('shows the offer and opens the modal from the info button, calling onOpen', async () => {
    const onOpen = vi.fn();
    render(
      <InstalmentPill
        priceMinor={10000}
        bounds={bounds}
        currency="USD"
        onOpen={onOpen}
        modalContent={ready}
      />,
    );
    expect(screen.getByText('or 4 interest-free payments of $25.00')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(info());
    expect(onOpen).toHaveBeenCalledTimes(1);
    // The modal's code loads on first open.
    const dialog = await screen.findByRole('dialog', { name: 'Pay in instalments' });
    expect(dialog.textContent).toContain('Pay in 4 with no interest.');
  });

  it('opens from a click on the pill text too', () => {
    render(<InstalmentPill priceMinor={10000} bounds={bounds} currency="USD" modalContent={ready} />);
    fireEvent.click(screen.getByText('or 4 interest-free payments of $25.00'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with the close button and returns focus to the info button', async () => {
    render(<InstalmentPill priceMinor={10000} bounds={bounds} currency="USD" modalContent={ready} />);
    act(() => info().focus());
    fireEvent.click(info());
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(info()));
  });

  it('closes on Escape and returns focus to the opener', async () => {
    render(<InstalmentPill priceMinor={10000} bounds={bounds} currency="USD" modalContent={ready} />);
    act(() => info().focus());
    fireEvent.click(info());
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(info()));
  });

  it('closes on a click outside', async () => {
    render(<InstalmentPill priceMinor={10000} bounds={bounds} currency="USD" modalContent={ready} />);
    fireEvent.click(info());
    const underlay = document.querySelector('.sqs-modal-overlay')!;
    fireEvent.pointerDown(underlay, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(underlay, { button: 0, pointerId: 1 });
    fireEvent.click(underlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('traps Tab inside the dialog', async () => {
    render(<InstalmentPill priceMinor={10000} bounds={bounds} currency="USD" modalContent={ready} />);
    act(() => info().focus());
    fireEvent.click(info());
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // From the last tabbable element, Tab wraps to the first one inside the dialog.
    const link = screen.getByRole('link', { name: 'Terms' });
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    // Focus moved outside programmatically is pulled back in.
    act(() => info().focus());
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });
});

describe('InstalmentModal', () => {
  it('shows a loading state, then the loaded HTML', () => {
    const { rerender } = render(<InstalmentModal isOpen onClose={() => {}} content={{ state: 'loading' }} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<InstalmentModal isOpen onClose={() => {}} content={ready} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Terms' })).toBeTruthy();
  });

  it('falls back quietly when the HTML failed to load', () => {
    render(<InstalmentModal isOpen onClose={() => {}} content={{ state: 'failed' }} />);
    expect(screen.getByRole('dialog').textContent).toContain(
      'Details about paying in instalments are unavailable right now.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no accessibility violations, closed and open', async () => {
    const { container } = render(
      <InstalmentPill
        priceMinor={10000}
        bounds={bounds}
        currency="USD"
        modalContent={{ state: 'loading' }}
      />,
    );
    await expectNoAxeViolations(container);
    fireEvent.click(info());
    await expectNoAxeViolations(screen.getByRole('dialog'));
  });
});
