import { DOM_SETTLE_QUIET_MS, DOM_SETTLE_TIMEOUT_MS } from '../constants';

export interface DomSettleOptions {
  timeoutMs?: number;
  quietMs?: number;
  /** Defaults to the global one; undefined there (old browsers, servers) settles at once. */
  MutationObserver?: typeof MutationObserver;
}

export type DomSettled = 'settled' | 'timeout';

/**
 * Resolves once `root` has gone `quietMs` (100 ms) without a DOM change, or after `timeoutMs`
 * (3000 ms) whatever happens (platform.md §9). The recorder starts then, so the page's own
 * start-up (hydration, lazy blocks) is not recorded as if the visitor had caused it, and a page
 * that never stops changing (a marquee, a countdown) still gets recorded.
 */
export function waitForDomSettle(root: Node, options: DomSettleOptions = {}): Promise<DomSettled> {
  const timeoutMs = options.timeoutMs ?? DOM_SETTLE_TIMEOUT_MS;
  const quietMs = options.quietMs ?? DOM_SETTLE_QUIET_MS;
  const Observer = options.MutationObserver ?? globalThis.MutationObserver;
  if (typeof Observer !== 'function') return Promise.resolve('settled');
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout>;
    const finish = (how: DomSettled) => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(deadline);
      resolve(how);
    };
    const observer = new Observer(() => {
      clearTimeout(quiet);
      quiet = setTimeout(() => finish('settled'), quietMs);
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
    quiet = setTimeout(() => finish('settled'), quietMs);
    const deadline = setTimeout(() => finish('timeout'), timeoutMs);
  });
}
