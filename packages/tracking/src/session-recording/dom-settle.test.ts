// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForDomSettle } from './dom-settle';

/** Flushes the microtasks that deliver mutation records. */
const mutate = async (root: HTMLElement, text: string) => {
  root.append(document.createElement('p'));
  root.lastElementChild!.textContent = text;
  await Promise.resolve();
  await Promise.resolve();
};

describe('DOM-settle helper: 3000 ms timeout, 100 ms quiet period', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles after 100 ms without a change', async () => {
    const root = document.createElement('div');
    let done: string | undefined;
    void waitForDomSettle(root).then((how) => (done = how));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe('settled');
  });

  it('each change restarts the quiet period', async () => {
    const root = document.createElement('div');
    let done: string | undefined;
    void waitForDomSettle(root).then((how) => (done = how));
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(90);
      await mutate(root, `step ${i}`);
    }
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe('settled');
  });

  it('gives up after 3000 ms on a page that never stops changing', async () => {
    const root = document.createElement('div');
    let done: string | undefined;
    void waitForDomSettle(root).then((how) => (done = how));
    for (let elapsed = 0; elapsed < 2950; elapsed += 50) {
      await vi.advanceTimersByTimeAsync(50);
      await mutate(root, String(elapsed));
    }
    expect(done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe('timeout');
  });

  it('stops observing once settled', async () => {
    const root = document.createElement('div');
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    void waitForDomSettle(root);
    await vi.advanceTimersByTimeAsync(100);
    expect(disconnect).toHaveBeenCalled();
  });
});
