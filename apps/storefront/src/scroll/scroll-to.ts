/**
 * platform.md §9: the scroll animation's duration is held between a minimum and a maximum (both
 * 50 ms), the element it brings into view lands 30 px (the default scroll offset) below the top of
 * the window, and a tween lasts 300 ms unless told otherwise.
 */
export const SCROLL_ANIMATION = {
  minDurationMs: 50,
  maxDurationMs: 50,
  offsetPx: 30,
  tweenDurationMs: 300,
} as const;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls the window so `el` sits the spec's offset below its top, eased over `durationMs`, or at
 * once when the visitor asked for reduced motion. Resolves once the window is there.
 */
function scrollWindowTo(el: Element, win: Window, durationMs: (distance: number) => number): Promise<void> {
  const from = win.scrollY;
  const to = Math.max(0, from + el.getBoundingClientRect().top - SCROLL_ANIMATION.offsetPx);
  const distance = to - from;
  if (distance === 0) return Promise.resolve();
  if (win.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    win.scrollTo(win.scrollX, to);
    return Promise.resolve();
  }
  const duration = durationMs(distance);
  return new Promise((resolve) => {
    let start: number | undefined;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / duration);
      win.scrollTo(win.scrollX, from + distance * easeInOut(t));
      if (t < 1) win.requestAnimationFrame(step);
      else resolve();
    };
    win.requestAnimationFrame(step);
  });
}

/** The scroll animation: a form's first problem brought into view quickly (a millisecond a pixel, clamped). */
export function scrollToField(el: Element, win: Window): Promise<void> {
  return scrollWindowTo(el, win, (distance) =>
    Math.min(SCROLL_ANIMATION.maxDurationMs, Math.max(SCROLL_ANIMATION.minDurationMs, Math.abs(distance))),
  );
}

/** The tween: a visitor's jump to another part of the page, long enough to see where it went. */
export function tweenTo(el: Element, win: Window, durationMs: number = SCROLL_ANIMATION.tweenDurationMs) {
  return scrollWindowTo(el, win, () => durationMs);
}
