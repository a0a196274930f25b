/**
 * Leading + trailing throttle: the first call runs at once, later calls inside the window collapse
 * into one run at its end, so the final scroll position is always applied.
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let last = -Infinity;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    pending = undefined;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      if (pending !== undefined) clearTimeout(pending);
      run();
    } else if (pending === undefined) {
      pending = setTimeout(run, wait);
    }
  };
  throttled.cancel = () => {
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
  };
  return throttled;
}
