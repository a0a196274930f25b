// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { readPageEnvironment } from '../page-environment/page-environment';
import { createBrowserLifecycle } from './page-lifecycle';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('browser lifecycle', () => {
  it('runs load callbacks at once when the document is complete', () => {
    const cb = vi.fn();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
    createBrowserLifecycle(window as unknown as Window).onLoad(cb);
    expect(cb).toHaveBeenCalledOnce();
  });

  it('waits for the load event otherwise', () => {
    const cb = vi.fn();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    createBrowserLifecycle(window as unknown as Window).onLoad(cb);
    expect(cb).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(cb).toHaveBeenCalledOnce();
  });

  it('calls back on each hide, not on show, until removed', () => {
    const cb = vi.fn();
    const off = createBrowserLifecycle(window as unknown as Window).onHidden(cb);
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    expect(cb).toHaveBeenCalledTimes(2);
    off();
    setVisibility('hidden');
    expect(cb).toHaveBeenCalledTimes(2);
  });
});

describe('readPageEnvironment', () => {
  it('snapshots url, title, sizes and storage support from the window', () => {
    document.title = 'Shop';
    const env = readPageEnvironment(window as unknown as Window);
    expect(env).toMatchObject({ title: 'Shop', url: window.location.href, localStorageSupported: true });
    expect(env.viewport.width).toBe(window.innerWidth);
  });
});
