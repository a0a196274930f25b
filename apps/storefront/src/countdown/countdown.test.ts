import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceCountdowns } from './index';

// The markup the countdown block renders (page-content countdown.ts), reduced to what the script reads.
function render(endsAt: string, afterEnd: 'message' | 'hide'): HTMLElement {
  document.body.innerHTML = `
    <div class="countdown-block" data-countdown data-ends-at="${endsAt}" data-after-end="${afterEnd}">
      <div class="countdown-block__running"><p role="timer">
        <span data-unit="days">9</span><span data-unit="hours">9</span>
        <span data-unit="minutes">9</span><span data-unit="seconds">9</span>
      </p></div>
      ${afterEnd === 'message' ? '<p class="countdown-block__ended" hidden>Open</p>' : ''}
    </div>`;
  return document.querySelector<HTMLElement>('[data-countdown]')!;
}
const unit = (name: string) => document.querySelector(`[data-unit="${name}"]`)!.textContent;

describe('countdown script', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks the time left every second and shows the message at the end', () => {
    const block = render('2026-12-24T18:00:00.000Z', 'message');
    let now = Date.parse('2026-12-23T16:58:58Z');
    const stop = enhanceCountdowns(document, () => now);
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['1', '1', '1', '2']);
    now += 1000;
    vi.advanceTimersByTime(1000);
    expect(unit('seconds')).toBe('1');
    now = Date.parse('2026-12-24T18:00:00Z');
    vi.advanceTimersByTime(1000);
    expect(block.querySelector('.countdown-block__running')!.hasAttribute('hidden')).toBe(true);
    expect(block.querySelector('.countdown-block__ended')!.hasAttribute('hidden')).toBe(false);
    expect(unit('seconds')).toBe('0');
    stop();
  });

  it('hides the block of a page rendered before an end the owner wants hidden', () => {
    const block = render('2026-12-24T18:00:00.000Z', 'hide');
    enhanceCountdowns(document, () => Date.parse('2026-12-25T00:00:00Z'));
    expect(block.hidden).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
