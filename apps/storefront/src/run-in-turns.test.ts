import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInTurns } from './run-in-turns';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'scheduler');
});

describe('runInTurns', () => {
  it('runs the first step at once and each next one in a later task, in order', async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const done = runInTurns([() => ran.push('nav'), () => ran.push('cart'), () => ran.push('forms')]);
    expect(ran).toEqual(['nav']);
    await vi.runOnlyPendingTimersAsync();
    expect(ran).toEqual(['nav', 'cart']);
    await vi.runOnlyPendingTimersAsync();
    expect(ran).toEqual(['nav', 'cart', 'forms']);
    await done;
  });

  it("yields with the browser's scheduler.yield where it has one", async () => {
    const turns: (() => void)[] = [];
    Object.defineProperty(window, 'scheduler', {
      value: { yield: () => new Promise<void>((resolve) => turns.push(resolve)) },
      configurable: true,
    });
    const ran: number[] = [];
    const done = runInTurns([() => ran.push(1), () => ran.push(2)]);
    expect(ran).toEqual([1]);
    expect(turns).toHaveLength(1);
    turns[0]!();
    await done;
    expect(ran).toEqual([1, 2]);
  });

  it('stops at a step that throws, as one script would', async () => {
    const later = vi.fn();
    await expect(
      runInTurns([
        () => {
          throw new Error('broken marker');
        },
        later,
      ]),
    ).rejects.toThrow('broken marker');
    expect(later).not.toHaveBeenCalled();
  });
});
