/** Page load and hide signals, abstracted so timers can be tested without a browser. */
export interface PageLifecycle {
  /** Runs once the load event has fired (at once if it already has). */
  onLoad(callback: () => void): () => void;
  /** Runs every time the page becomes hidden. */
  onHidden(callback: () => void): () => void;
}

/**
 * The hidden listener sits on the document (target phase), so it runs after
 * web-vitals' window capture listeners have reported their final values.
 * pagehide is deliberately not used: Chromium fires it before visibilitychange
 * when navigating away, which would flush before LCP and CLS are final.
 */
export function createBrowserLifecycle(win: Window = globalThis.window): PageLifecycle {
  const doc = win.document;
  return {
    onLoad(callback) {
      if (doc.readyState === 'complete') {
        callback();
        return () => undefined;
      }
      const handler = () => callback();
      win.addEventListener('load', handler, { once: true });
      return () => win.removeEventListener('load', handler);
    },
    onHidden(callback) {
      const onVisibility = () => {
        if (doc.visibilityState === 'hidden') callback();
      };
      doc.addEventListener('visibilitychange', onVisibility);
      return () => doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
