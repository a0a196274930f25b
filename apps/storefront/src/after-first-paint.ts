/**
 * Calls `start` once the browser has painted the server-rendered page: the frame after the first
 * one (two animation frames), so the page's first paint never waits for the script that enhances
 * it, nor for the chunks that script fetches. A hidden page (a tab opened in the background) paints
 * nothing and runs no animation frames until it is shown, so it starts at once.
 */
export function afterFirstPaint(start: () => void, doc: Document = document): void {
  const win = doc.defaultView;
  if (!win || doc.visibilityState === 'hidden') {
    start();
    return;
  }
  win.requestAnimationFrame(() => win.requestAnimationFrame(start));
}
