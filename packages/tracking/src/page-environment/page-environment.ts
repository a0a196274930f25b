/**
 * Snapshot of the browser facts tracking payloads carry. Read once from the
 * window in the browser; tests and servers pass a plain object.
 */
export interface PageEnvironment {
  url: string;
  title: string;
  referrer: string;
  userAgent: string;
  language: string;
  viewport: { width: number; height: number };
  screen: { width: number; height: number };
  localStorageSupported: boolean;
}

function localStorageWorks(win: Window): boolean {
  // Safari private mode and blocked storage throw on access or on write.
  try {
    const key = '__ss_probe__';
    win.localStorage.setItem(key, key);
    win.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

export function readPageEnvironment(win: Window = globalThis.window): PageEnvironment {
  return {
    url: win.location.href,
    title: win.document.title,
    referrer: win.document.referrer,
    userAgent: win.navigator.userAgent,
    language: win.navigator.language,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    screen: { width: win.screen.width, height: win.screen.height },
    localStorageSupported: localStorageWorks(win),
  };
}

export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}
