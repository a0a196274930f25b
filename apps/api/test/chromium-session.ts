import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startBuiltServer, type StartedServer } from './server';

export interface ChromiumSession {
  server: StartedServer;
  browser: Browser;
  /** The one page the describe drives, opened before its first test. */
  page: Page;
  /** That page's uncaught errors, for the tests to expect none. */
  pageErrors: string[];
}

export interface ChromiumSessionOptions {
  viewport?: { width: number; height: number };
  /** A Content-Security-Policy violation in the page's console counts as a page error. */
  cspViolations?: boolean;
  /** Runs last in beforeAll, once the page is open: signing in, listeners, routes. */
  setup?: (session: ChromiumSession) => unknown;
  /** beforeAll's time limit: starting the built server alone can take ~30 s on a loaded machine. */
  timeout?: number;
}

/**
 * Registers beforeAll/afterAll in the calling describe: the built server and Chromium with one
 * page, closed after its last test. The handles are on the returned object once beforeAll ran.
 */
export function chromiumSession(options: ChromiumSessionOptions = {}): ChromiumSession {
  const session = { pageErrors: [] as string[] } as ChromiumSession;
  beforeAll(async () => {
    session.server = await startBuiltServer();
    session.browser = await launchChromium();
    session.page = await session.browser.newPage(
      options.viewport ? { viewport: options.viewport } : undefined,
    );
    session.page.on('pageerror', (e) => session.pageErrors.push(e.message));
    if (options.cspViolations) {
      session.page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) session.pageErrors.push(m.text());
      });
    }
    await options.setup?.(session);
  }, options.timeout ?? 60_000);
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}
