import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from '../cookies/cookie-jar';
import { sequentialIds } from '../testing/fixtures';
import { recordVisit } from './visit';

const T0 = 1_700_000_000_000;
const MIN = 60_000;
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

function world(initial: Record<string, string> = {}) {
  let now = T0;
  const jar = createMemoryCookieJar(initial, () => now);
  const newId = sequentialIds('visitor');
  return {
    jar,
    advance: (ms: number) => (now += ms),
    visit: () => recordVisit({ jar, now, newId }),
  };
}

describe('recordVisit', () => {
  it('gives a new visitor a fresh record, a 2-year record cookie and a 30-minute timer', () => {
    const w = world();
    const result = w.visit();
    expect(result.kind).toBe('new-visitor');
    expect(result.record).toEqual({
      id: 'visitor-1',
      firstVisit: T0,
      previousVisit: T0,
      currentVisit: T0,
      visitCount: 1,
    });
    const cookies = Object.fromEntries(w.jar.entries().map((c) => [c.name, c]));
    expect(cookies.ss_cvr?.value).toBe(`visitor-1|${T0}|${T0}|${T0}|1`);
    expect(cookies.ss_cvr?.maxAgeSeconds).toBe(TWO_YEARS_S);
    expect(cookies.ss_cvt?.value).toBe(String(T0));
    expect(cookies.ss_cvt?.maxAgeSeconds).toBe(30 * 60);
  });

  it('keeps the same visit while the timer is alive and slides the timer', () => {
    const w = world();
    w.visit();
    w.advance(20 * MIN);
    const second = w.visit();
    expect(second.kind).toBe('same-visit');
    expect(second.record.visitCount).toBe(1);
    w.advance(20 * MIN); // 40 minutes after the first view, 20 after the last
    expect(w.visit().kind).toBe('same-visit');
  });

  it('counts a new visit once the timer has expired', () => {
    const w = world();
    w.visit();
    w.advance(31 * MIN);
    const next = w.visit();
    expect(next.kind).toBe('new-visit');
    expect(next.record).toMatchObject({
      id: 'visitor-1',
      firstVisit: T0,
      previousVisit: T0,
      currentVisit: T0 + 31 * MIN,
      visitCount: 2,
    });
  });

  it('treats a timer cookie the browser kept past 30 minutes as expired', () => {
    const stale = T0 - 45 * MIN;
    const w = world({ ss_cvr: `v|${stale}|${stale}|${stale}|3`, ss_cvt: String(stale) });
    expect(w.visit()).toMatchObject({ kind: 'new-visit', record: { visitCount: 4, previousVisit: stale } });
  });

  it('treats a timer from the future as expired rather than trusting it', () => {
    const w = world({ ss_cvr: `v|${T0}|${T0}|${T0}|3`, ss_cvt: String(T0 + 10 * MIN) });
    expect(w.visit().kind).toBe('new-visit');
  });

  it.each(['garbage', 'v|1|2|3', 'v|0|0|0|0', ''])('replaces a malformed record %j', (raw) => {
    const w = world({ ss_cvr: raw, ss_cvt: String(T0) });
    const result = w.visit();
    expect(result.kind).toBe('new-visitor');
    expect(result.replacedMalformed).toBe(true);
    expect(w.jar.get('ss_cvr')).toBe(`visitor-1|${T0}|${T0}|${T0}|1`);
  });

  it('starts a new visitor once the 2-year record cookie has expired', () => {
    const w = world();
    w.visit();
    w.advance(TWO_YEARS_S * 1000 + 1);
    expect(w.visit()).toMatchObject({
      kind: 'new-visitor',
      record: { id: 'visitor-2' },
      replacedMalformed: false,
    });
  });
});
