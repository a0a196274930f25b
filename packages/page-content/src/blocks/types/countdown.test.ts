import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../document/page-document';
import { messages } from '../../messages';
import { renderBlock } from '../../render/render-document';
import { countdownBlock, timeLeft, zonedTimeToInstant } from './countdown';

const countdown = (settings: Record<string, unknown>) => ({ id: 'c', type: 'countdown', settings });

describe('countdown block', () => {
  it.each([
    ['2026-12-24T18:00', 'Europe/Lisbon', '2026-12-24T18:00:00.000Z'],
    ['2026-07-01T09:30', 'Europe/Lisbon', '2026-07-01T08:30:00.000Z'],
    ['2026-07-01T09:30', 'America/New_York', '2026-07-01T13:30:00.000Z'],
    ['2026-03-08T03:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-12-24T18:00', 'Not/AZone', '2026-12-24T18:00:00.000Z'],
  ])('reads %s in %s as %s', (local, zone, iso) => {
    expect(new Date(zonedTimeToInstant(local, zone)!).toISOString()).toBe(iso);
  });

  it('reads any wall-clock time back in its zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.constantFrom('Europe/Lisbon', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'),
        (date, zone) => {
          const local = new Date(Math.floor(date.getTime() / 60_000) * 60_000)
            .toLocaleString('sv-SE', { timeZone: zone, hourCycle: 'h23' })
            .slice(0, 16)
            .replace(' ', 'T');
          const instant = zonedTimeToInstant(local, zone)!;
          const back = new Date(instant).toLocaleString('sv-SE', { timeZone: zone, hourCycle: 'h23' });
          expect(back.slice(0, 16).replace(' ', 'T')).toBe(local);
        },
      ),
    );
  });

  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(timeLeft(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(timeLeft(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  const at = (now: string, settings: Record<string, unknown> = {}) =>
    renderBlock(countdown({ endsAt: '2026-12-24T18:00', ...settings }), undefined, {
      timeZone: 'America/New_York',
      now: Date.parse(now),
    }).html;

  it('counts down to the date in the site’s time zone', () => {
    const html = at('2026-12-23T22:59:30Z');
    expect(html).toContain('data-ends-at="2026-12-24T23:00:00.000Z"');
    expect(html).toContain('data-unit="days">1<');
    expect(html).toContain('data-unit="hours">0<');
    expect(html).toContain('data-unit="seconds">30<');
    expect(html).toContain('<h2 class="countdown-block__title">Our doors open in</h2>');
    expect(html).toContain('<p class="countdown-block__ended" hidden>');
  });

  it('shows its message once the time has come', () => {
    const html = at('2026-12-24T23:00:00Z', { endedMessage: 'Open now' });
    expect(html).toContain('<div class="countdown-block__running" hidden>');
    expect(html).toContain('<p class="countdown-block__ended">Open now</p>');
  });

  it('hides itself after the end when the owner chose so', () => {
    const html = at('2027-01-01T00:00:00Z', { afterEnd: 'hide' });
    expect(html).toContain('data-after-end="hide" hidden>');
    expect(html).not.toContain('countdown-block__ended');
  });

  it('asks for a date until it has one', () => {
    expect(renderBlock(countdown({})).html).toContain(messages.blocks.countdownEmpty);
  });

  it.each(['2026-02-30T10:00', '2026-12-24', '2026-12-24T25:00', 'tomorrow'])(
    'refuses %s with the catalogue’s message',
    (endsAt) => {
      const result = blockSchema.safeParse(countdown({ endsAt }));
      expect(result.error?.issues[0]?.message).toBe(messages.blocks.countdownDateInvalid);
    },
  );

  it('names its date in the block list', () => {
    expect(countdownBlock.summary!(countdownBlock.settings.parse({ endsAt: '2026-12-24T18:00' }))).toBe(
      'Until 2026-12-24 18:00',
    );
  });
});
