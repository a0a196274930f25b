import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_COOKIE_MAX_AGE_SECONDS } from '../constants';
import type { VisitorRecord } from '../visitor-record/visitor-record';
import { cohortOf, keepSessionFlags, SESSION_FLAGS_KEY, SURVEY_COHORTS } from './session-flags';
import { createMemoryStorage, readStorageEntry, writeStorageEntry } from './storage-entry';

const T0 = 1_700_000_000_000;
const visit = (currentVisit: number, id = 'v-1'): VisitorRecord => ({
  id,
  firstVisit: T0,
  previousVisit: T0,
  currentVisit,
  visitCount: 1,
});

describe('browser storage entries: a value and an optional expiry time', () => {
  const accept = (v: unknown) => (typeof v === 'string' ? v : undefined);
  it.each([
    ['no entry', undefined, undefined],
    ['a value without expiry', JSON.stringify({ value: 'x' }), 'x'],
    ['a value expiring later', JSON.stringify({ value: 'x', expiry: T0 + 1 }), 'x'],
    ['an expired value (removed)', JSON.stringify({ value: 'x', expiry: T0 }), undefined],
    ['not JSON (removed)', '{oops', undefined],
    ['a value of the wrong shape (removed)', JSON.stringify({ value: 3 }), undefined],
    ['an expiry that is not a number (removed)', JSON.stringify({ value: 'x', expiry: 'soon' }), undefined],
  ])('%s', (_, raw, expected) => {
    const storage = createMemoryStorage(raw === undefined ? {} : { k: raw });
    expect(readStorageEntry(storage, 'k', T0, accept)).toBe(expected);
    if (expected === undefined) expect(storage.items.has('k')).toBe(false);
  });

  it('reads storage that throws as empty, and reports a refused write', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(readStorageEntry(blocked, 'k', T0, accept)).toBeUndefined();
    expect(writeStorageEntry(blocked, 'k', { value: 'x' })).toBe(false);
  });

  it('never throws on whatever another script left under the key', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        readStorageEntry(createMemoryStorage({ k: raw }), 'k', T0, accept);
      }),
    );
  });
});

describe('Session: first-landing and first-session flags are kept in browser storage', () => {
  it('the first page of a new browser is the first landing, in the first session', () => {
    const storage = createMemoryStorage();
    expect(keepSessionFlags(storage, visit(T0), T0)).toEqual({
      firstLanding: true,
      firstSession: true,
      cohort: cohortOf('v-1'),
    });
    const stored = JSON.parse(storage.items.get(SESSION_FLAGS_KEY)!) as { expiry: number };
    expect(stored).toEqual({
      value: { firstVisit: T0, cohort: cohortOf('v-1') },
      expiry: T0 + ANALYTICS_COOKIE_MAX_AGE_SECONDS * 1000,
    });
  });

  it('a later page of the same visit is no landing, still the first session', () => {
    const storage = createMemoryStorage();
    keepSessionFlags(storage, visit(T0), T0);
    expect(keepSessionFlags(storage, visit(T0), T0 + 60_000)).toMatchObject({
      firstLanding: false,
      firstSession: true,
    });
  });

  it('a page of a later visit is a returning visitor', () => {
    const storage = createMemoryStorage();
    keepSessionFlags(storage, visit(T0), T0);
    const later = T0 + 3 * 3600_000;
    expect(keepSessionFlags(storage, visit(later), later)).toMatchObject({
      firstLanding: false,
      firstSession: false,
    });
  });

  it('keeps the cohort when the visitor id changes (cookies cleared), and starts over once expired', () => {
    const storage = createMemoryStorage();
    const first = keepSessionFlags(storage, visit(T0, 'id-one'), T0);
    const other = SURVEY_COHORTS.map((_, i) => `id-${i}-x`).find((id) => cohortOf(id) !== first.cohort)!;
    const later = T0 + 86_400_000;
    expect(keepSessionFlags(storage, visit(later, other), later).cohort).toBe(first.cohort);
    const expired = later + ANALYTICS_COOKIE_MAX_AGE_SECONDS * 1000;
    expect(keepSessionFlags(storage, visit(expired, other), expired)).toEqual({
      firstLanding: true,
      firstSession: true,
      cohort: cohortOf(other),
    });
  });
});

describe('Survey cohorts: A to E', () => {
  it('a visitor id always lands in the same one of the five', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (id) => {
        const cohort = cohortOf(id);
        expect(SURVEY_COHORTS).toContain(cohort);
        expect(cohortOf(id)).toBe(cohort);
      }),
    );
  });

  it('spreads ids evenly (each cohort within 15 % of a fifth over 5000 ids)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const cohort = cohortOf(`${(i * 2654435761) % 4294967296}-${i}`);
      counts.set(cohort, (counts.get(cohort) ?? 0) + 1);
    }
    for (const cohort of SURVEY_COHORTS) expect(Math.abs(counts.get(cohort)! - 1000)).toBeLessThan(150);
  });
});
