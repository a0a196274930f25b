/** Starts anyway when no paint is reported this long after the entry ran (a page with no content). */
const NO_PAINT_MS = 5000;

/**
 * Calls `start` once the browser has painted the server-rendered page, so the page's first paint
 * never waits for the script that enhances it, nor for the chunks that script fetches. The paint
 * entry is the signal: it comes once the frame is on screen, while an animation frame can run
 * before the previous frame is presented on a loaded phone. A browser without paint entries waits
 * two animation frames. A hidden page (a tab opened in the background) paints nothing until it is
 * shown, so it starts at once.
 */
export function afterFirstPaint(start: () => void, doc: Document = document): void {
  const win = doc.defaultView;
  if (!win || doc.visibilityState === 'hidden') {
    start();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const Observer = win.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (!Observer?.supportedEntryTypes?.includes('paint')) {
    win.requestAnimationFrame(() => win.requestAnimationFrame(once));
    return;
  }
  new Observer((_entries, observer) => {
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  win.setTimeout(once, NO_PAINT_MS);
}
