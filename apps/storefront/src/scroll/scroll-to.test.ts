import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToField, SCROLL_ANIMATION, tweenTo } from './scroll-to';

/** A window scrolled to `scrollY`, recording where it is sent; frames 16 ms apart. */
function fakeWindow(scrollY: number, reducedMotion = false) {
  let clock = 0;
  const win = {
    scrollX: 0,
    scrollY,
    scrollTo: vi.fn((_x: number, y: number) => {
      win.scrollY = y;
    }),
    matchMedia: (query: string) => ({ matches: reducedMotion && query.includes('reduce') }),
    requestAnimationFrame: (step: (now: number) => void) => setTimeout(() => step((clock += 16)), 0),
  };
  return win;
}
const at = (top: number) => ({ getBoundingClientRect: () => ({ top }) }) as Element;

afterEach(() => vi.restoreAllMocks());

describe('scroll animation (platform.md §9: 50 ms, scroll offset 30)', () => {
  it('brings a field 30 px below the top of the window, eased over 50 ms', async () => {
    const win = fakeWindow(200);
    await scrollToField(at(900), win as unknown as Window);
    const ys = win.scrollTo.mock.calls.map(([, y]) => y);
    expect(ys.at(-1)).toBe(200 + 900 - SCROLL_ANIMATION.offsetPx);
    // 16 ms frames over 50 ms: the start, three steps in between, each further down, and the end.
    expect(ys[0]).toBe(200);
    expect(ys.length).toBe(5);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('scrolls up to a field above, never past the top of the page', async () => {
    const win = fakeWindow(100);
    await scrollToField(at(-400), win as unknown as Window);
    expect(win.scrollY).toBe(0);
  });

  it('jumps at once for a visitor who asked for reduced motion, and stays put when already there', async () => {
    const win = fakeWindow(0, true);
    await scrollToField(at(530), win as unknown as Window);
    expect(win.scrollTo.mock.calls).toEqual([[0, 500]]);
    await scrollToField(at(30), win as unknown as Window);
    expect(win.scrollTo).toHaveBeenCalledTimes(1);
  });
});

describe('tween (platform.md §9: 300 ms unless told)', () => {
  it('takes the tween duration whatever the distance, and ends 30 px above the element', async () => {
    for (const top of [60, 4000]) {
      const win = fakeWindow(0);
      await tweenTo(at(top), win as unknown as Window);
      const ys = win.scrollTo.mock.calls.map(([, y]) => y);
      // 300 ms in 16 ms frames: the start plus 19 steps.
      expect(ys.length).toBe(20);
      expect(ys.at(-1)).toBe(top - SCROLL_ANIMATION.offsetPx);
    }
  });
});
