import { messages as commerceMessages } from '@site/commerce-core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiMessages } from '../messages';
import { expectNoAxeViolations } from '../test/axe';
import { AlsoBought } from './AlsoBought';
import { alsoBoughtItems } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A viewport the test scrolls: each observer hears whether its element is on screen. */
let scrollIntoView: (visible: boolean) => void = () => {};
function stubViewport() {
  const observers = new Set<(entries: { isIntersecting: boolean }[]) => void>();
  scrollIntoView = (visible) => observers.forEach((hear) => hear([{ isIntersecting: visible }]));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly hear: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        observers.add(this.hear);
      }
      disconnect() {
        observers.delete(this.hear);
      }
    },
  );
}

describe('AlsoBought', () => {
  it('draws nothing without suggestions', () => {
    const { container } = render(<AlsoBought items={[]} onShown={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });

  it('links each suggestion to its page with its price, "from" when variants differ', () => {
    render(<AlsoBought items={alsoBoughtItems} />);
    expect(screen.getByRole('heading', { name: uiMessages.customersAlsoBought })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/shop/p/field-notebook',
      '/shop/p/linen-shirt',
      '/shop/p/wallet',
    ]);
    expect(links[0]!.textContent).toContain('$14.00');
    expect(links[1]!.textContent).toContain('from $120.00');
  });

  it('offers Add only for a quick-add product, and reports a follow and a shown row', () => {
    const onOpen = vi.fn();
    const onShown = vi.fn();
    stubViewport();
    render(<AlsoBought items={alsoBoughtItems} onAdd={vi.fn()} onOpen={onOpen} onShown={onShown} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add Field Notebook to cart',
    ]);
    // Shown only once the row scrolls into view, and only once.
    expect(onShown).not.toHaveBeenCalled();
    act(() => scrollIntoView(true));
    act(() => scrollIntoView(true));
    expect(onShown).toHaveBeenCalledTimes(1);
    expect(onShown).toHaveBeenCalledWith(alsoBoughtItems);
    const link = screen.getAllByRole('link')[1]!;
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(alsoBoughtItems[1]);
  });

  it('is busy while adding, announces the add, and names a failure under the product', async () => {
    let finish!: () => void;
    let fail!: (e: unknown) => void;
    const onAdd = vi
      .fn<(item: unknown) => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((res) => (finish = res)))
      .mockImplementationOnce(() => new Promise<void>((_res, rej) => (fail = rej)));
    render(<AlsoBought items={alsoBoughtItems} onAdd={onAdd} isOnline={() => false} />);
    const add = () => screen.getByRole('button', { name: 'Add Field Notebook to cart' });
    fireEvent.click(add());
    expect(add().textContent).toBe(uiMessages.quickAdding);
    expect(add().hasAttribute('disabled') || add().getAttribute('aria-disabled') === 'true').toBe(true);
    await act(async () => finish());
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Added to cart: Field Notebook');
    fireEvent.click(add());
    await act(async () => fail(new Error('server')));
    expect(screen.getByRole('alert').textContent).toBe(
      `${commerceMessages.unableToAddItem}. ${commerceMessages.checkConnection}`,
    );
  });

  it('has no axe violations', async () => {
    const { container } = render(<AlsoBought items={alsoBoughtItems} onAdd={vi.fn()} />);
    await expectNoAxeViolations(container);
  });
});
