import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { AddToCartButton, type AddResult } from './AddToCartButton';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A promise the test settles itself, so each state can be observed in between. */
function deferred() {
  let resolve!: (r: AddResult) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<AddResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const button = () => screen.getByRole('button');
const status = () => screen.getByRole('status');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('AddToCartButton', () => {
  it('goes idle → Adding… → (1 s) Added! → (2 s) idle and announces each state', async () => {
    const d = deferred();
    const onAdd = vi.fn(() => d.promise);
    render(<AddToCartButton onAdd={onAdd} />);
    expect(button().textContent).toBe('Add To Cart');

    fireEvent.click(button());
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('Adding…');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(status().textContent).toBe('Adding…');

    await act(async () => d.resolve({ ok: true }));
    expect(button().textContent).toBe('Adding…');
    advance(999);
    expect(button().textContent).toBe('Adding…');
    advance(1);
    expect(button().textContent).toBe('Added!');
    expect(status().textContent).toBe('Added!');
    advance(1999);
    expect(button().textContent).toBe('Added!');
    advance(1);
    expect(button().textContent).toBe('Add To Cart');
    expect(button().getAttribute('aria-disabled')).toBeNull();
    expect(status().textContent).toBe('');
  });

  it('ignores presses while busy', async () => {
    const d = deferred();
    const onAdd = vi.fn(() => d.promise);
    render(<AddToCartButton onAdd={onAdd} />);
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onAdd).toHaveBeenCalledTimes(1);
    await act(async () => d.resolve({ ok: true }));
    advance(1000);
    fireEvent.click(button());
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('returns to idle 1 s after a failure and alerts the message with the kind title', async () => {
    const d = deferred();
    render(<AddToCartButton onAdd={() => d.promise} />);
    fireEvent.click(button());
    await act(async () => d.resolve({ ok: false, error: 'Please try again in a few seconds.' }));
    // The alert's code loads on the first failure; let that import settle.
    await act(async () => {
      await import('../alert/AlertDialog');
    });
    const alert = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(alert.textContent).toContain('Please try again in a few seconds.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(button().textContent).toBe('Adding…');
    advance(999);
    expect(button().textContent).toBe('Adding…');
    advance(1);
    expect(button().textContent).toBe('Add To Cart');
  });

  it('moves focus to OK in the alert and back to the button afterwards', async () => {
    // React Aria restores focus on an animation frame, which happy-dom runs on real time.
    vi.useRealTimers();
    render(<AddToCartButton onAdd={async () => ({ ok: false, error: 'Out of stock' })} />);
    const opener = button();
    act(() => opener.focus());
    await act(async () => fireEvent.click(opener));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('OK'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('treats a rejected onAdd as a silent failure', async () => {
    const d = deferred();
    render(<AddToCartButton onAdd={() => d.promise} />);
    fireEvent.click(button());
    await act(async () => d.reject(new Error('network')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    advance(1000);
    expect(button().textContent).toBe('Add To Cart');
  });

  it.each([
    ['express', 'Unable to Purchase Item'],
    ['gift-card', 'Unable to purchase Gift Card'],
  ] as const)('titles a %s failure "%s"', async (kind, title) => {
    render(<AddToCartButton kind={kind} label="Buy" onAdd={async () => ({ ok: false, error: 'Nope' })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy' })));
    expect(screen.getByRole('alertdialog', { name: title })).toBeTruthy();
  });

  it('shows "Select Option" disabled for 2000 ms when the product needs an option', async () => {
    render(<AddToCartButton label="Add" onAdd={async () => ({ ok: false, needsOption: true })} />);
    await act(async () => fireEvent.click(button()));
    expect(button().textContent).toBe('Select Option');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(status().textContent).toBe('Select Option');
    advance(1999);
    expect(button().textContent).toBe('Select Option');
    advance(1);
    expect(button().textContent).toBe('Add');
  });

  it('is permanently "Sold Out" and disabled; clearing soldOut restores the label', () => {
    const onAdd = vi.fn(async (): Promise<AddResult> => ({ ok: true }));
    const { rerender } = render(<AddToCartButton label="Buy now" soldOut onAdd={onAdd} />);
    expect(button().textContent).toBe('Sold Out');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button());
    advance(10_000);
    expect(onAdd).not.toHaveBeenCalled();
    expect(button().textContent).toBe('Sold Out');
    rerender(<AddToCartButton label="Buy now" onAdd={onAdd} />);
    expect(button().textContent).toBe('Buy now');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('uses "Subscribe" for subscriptions and navigates instead of showing Added!', async () => {
    const onNavigate = vi.fn();
    render(
      <AddToCartButton
        kind="subscription"
        onAdd={async () => ({ ok: true, navigateTo: '/commerce/subscription?cartToken=t1' })}
        onNavigate={onNavigate}
      />,
    );
    expect(button().textContent).toBe('Subscribe');
    await act(async () => fireEvent.click(button()));
    expect(onNavigate).toHaveBeenCalledWith({ ok: true, navigateTo: '/commerce/subscription?cartToken=t1' });
    advance(1000);
    expect(button().textContent).toBe('Subscribe');
  });

  it('express checkout skips the added state and calls back to navigate', async () => {
    const onNavigate = vi.fn();
    render(
      <AddToCartButton
        kind="express"
        label="Buy Now"
        onAdd={async () => ({ ok: true })}
        onNavigate={onNavigate}
      />,
    );
    await act(async () => fireEvent.click(button()));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    advance(3000);
    expect(button().textContent).toBe('Buy Now');
  });

  it('works from the keyboard', async () => {
    const onAdd = vi.fn(async (): Promise<AddResult> => ({ ok: true }));
    render(<AddToCartButton onAdd={onAdd} formMode />);
    const b = button();
    expect(b.getAttribute('data-form-mode')).toBe('true');
    act(() => b.focus());
    await act(async () => {
      fireEvent.keyDown(b, { key: 'Enter' });
      fireEvent.keyUp(b, { key: 'Enter' });
    });
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(b);
  });

  it('has no accessibility violations idle, adding and sold out', async () => {
    vi.useRealTimers();
    const { container, rerender } = render(<AddToCartButton onAdd={() => new Promise(() => {})} />);
    await expectNoAxeViolations(container);
    fireEvent.click(button());
    await expectNoAxeViolations(container);
    rerender(<AddToCartButton soldOut onAdd={() => new Promise(() => {})} />);
    await expectNoAxeViolations(container);
  });
});
