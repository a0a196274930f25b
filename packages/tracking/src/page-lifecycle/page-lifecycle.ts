/** Page load and hide signals, abstracted so timers can be tested without a browser. */
export interface PageLifecycle {
  /** Runs once the load event has fired (at once if it already has). */
  onLoad(callback: () => void): () => void;
  /** Runs every time the page becomes hidden, and on pagehide. */
  onHidden(callback: () => void): () => void;
}

/**
 * The hidden listener sits on the document (target phase), so it runs after
 * web-vitals' window capture listeners have reported their final values.
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
      // Some browsers (older Safari) skip visibilitychange on unload.
      win.addEventListener('pagehide', callback);
      return () => {
        doc.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('pagehide', callback);
      };
    },
  };
}
