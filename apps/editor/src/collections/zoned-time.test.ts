import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zoned-time';

describe('zoned date-time inputs', () => {
  it.each([
    ['2030-01-10T18:00', 'America/New_York', '2030-01-10T23:00:00.000Z'],
    ['2030-07-10T18:00', 'America/New_York', '2030-07-10T22:00:00.000Z'],
    ['2030-07-10T18:00', 'UTC', '2030-07-10T18:00:00.000Z'],
    ['2030-10-27T00:30', 'Europe/London', '2030-10-26T23:30:00.000Z'],
    ['2030-01-01T00:00', 'Asia/Kolkata', '2029-12-31T18:30:00.000Z'],
  ])('%s in %s is %s', (input, zone, iso) => {
    expect(fromZonedInput(input, zone)).toBe(iso);
    expect(toZonedInput(iso, zone)).toBe(input);
  });

  it('reads a wall time skipped by the spring clock change under the earlier offset', () => {
    expect(fromZonedInput('2030-03-31T01:30', 'Europe/London')).toBe('2030-03-31T01:30:00.000Z');
  });

  it.each(['', '2030-01-10', 'tomorrow', '2030-01-10T18:00:00Z'])('reads %j as no date', (input) => {
    expect(fromZonedInput(input, 'UTC')).toBeUndefined();
  });

  it('round-trips every 7 h 13 min through 2030 in zones with odd offsets and clock changes', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    for (const zone of zones) {
      for (let t = Date.UTC(2030, 0, 1); t < Date.UTC(2031, 0, 1); t += 433 * 60_000) {
        const shown = toZonedInput(new Date(t).toISOString(), zone);
        // An hour repeated by a clock change shows twice; reading it back gives one of the two.
        const back = Date.parse(fromZonedInput(shown, zone)!);
        expect(Math.abs(back - t)).toBeLessThanOrEqual(3600_000);
        expect(toZonedInput(new Date(back).toISOString(), zone)).toBe(shown);
      }
    }
  }, 60_000);
});
