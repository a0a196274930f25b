import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { CartPopover, popoverPosition } from './CartPopover';
import { throttle } from './throttle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function anchorAt(rect: Partial<DOMRect>): HTMLElement {
  const el = document.createElement('a');
  el.getBoundingClientRect = () => ({
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    width: 0,
    height: 0,
    x: 0,
    y: 0,
    toJSON: () => ({}),
    ...rect,
  });
  return el;
}

const win = { innerWidth: 1000, innerHeight: 800 };

describe('popoverPosition', () => {
  it('snaps under a visible indicator, right-aligned with it', () => {
    expect(
      popoverPosition(anchorAt({ top: 10, bottom: 40, left: 900, right: 960, width: 60, height: 30 }), win),
    ).toEqual({
      top: 48,
      right: 40,
    });
  });

  it.each([
    ['no indicator', null],
    ['a hidden indicator', anchorAt({})],
    [
      'an indicator scrolled out of view',
      anchorAt({ top: -100, bottom: -60, left: 900, right: 960, width: 60, height: 40 }),
    ],
  ])('goes top right with %s', (_, anchor) => {
    expect(popoverPosition(anchor, win)).toEqual({ top: 16, right: 16 });
  });
});

describe('throttle', () => {
  it('runs at once, then at most once per window with the last call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t();
    t();
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    t.cancel();
  });
});

describe('CartPopover', () => {
  it('says "{productName} was added to your cart." and closes after 3000 ms', () => {
    const onClose = vi.fn();
    render(<CartPopover notice={{ productName: 'Linen Shirt', id: 1 }} onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toBe('Linen Shirt was added to your cart.');
    act(() => vi.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the Close button and with Escape', () => {
    const onClose = vi.fn();
    render(<CartPopover notice={{ productName: 'Mug' }} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps an empty live region while closed', () => {
    render(<CartPopover notice={null} onClose={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('restarts the timer for a new add and pauses while hovered', () => {
    const onClose = vi.fn();
    const { rerender, container } = render(
      <CartPopover notice={{ productName: 'Mug', id: 1 }} onClose={onClose} />,
    );
    act(() => vi.advanceTimersByTime(2000));
    rerender(<CartPopover notice={{ productName: 'Mug', id: 2 }} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseEnter(container.firstElementChild!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseLeave(container.firstElementChild!);
    act(() => vi.advanceTimersByTime(3000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('positions near the indicator and follows scrolling, throttled to 100 ms', () => {
    let bottom = 40;
    const anchor = anchorAt({ top: 10, left: 900, right: 960, width: 60, height: 30 });
    anchor.getBoundingClientRect = () => ({
      top: bottom - 30,
      bottom,
      left: 900,
      right: 960,
      width: 60,
      height: 30,
      x: 900,
      y: 0,
      toJSON: () => ({}),
    });
    Object.assign(window, { innerWidth: 1000, innerHeight: 800 });
    const { container } = render(
      <CartPopover notice={{ productName: 'Mug' }} onClose={() => {}} anchor={{ current: anchor }} />,
    );
    const el = container.firstElementChild as HTMLElement;
    expect(el.style.top).toBe('48px');
    expect(el.style.right).toBe('40px');

    vi.advanceTimersByTime(200);
    bottom = 30;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(el.style.top).toBe('38px');
    bottom = 20;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(el.style.top).toBe('38px');
    act(() => vi.advanceTimersByTime(100));
    expect(el.style.top).toBe('28px');
  });

  it('goes to the top right without a visible indicator', () => {
    const { container } = render(
      <CartPopover notice={{ productName: 'Mug' }} onClose={() => {}} anchor={anchorAt({})} />,
    );
    const el = container.firstElementChild as HTMLElement;
    expect(el.style.top).toBe('16px');
    expect(el.style.right).toBe('16px');
  });

  it('has no accessibility violations', async () => {
    vi.useRealTimers();
    const { container } = render(
      <CartPopover notice={{ productName: 'Mug' }} onClose={() => {}} durationMs={60_000} />,
    );
    await expectNoAxeViolations(container);
  });
});
