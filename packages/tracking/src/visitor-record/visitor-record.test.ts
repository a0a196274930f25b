import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatVisitorRecord,
  parseVisitTimer,
  parseVisitorRecord,
  visitorRecordCookieSchema,
  type VisitorRecord,
} from './visitor-record';

const recordArb: fc.Arbitrary<VisitorRecord> = fc
  .record({
    id: fc.stringMatching(/^[A-Za-z0-9-]{1,64}$/),
    a: fc.integer({ min: 1, max: 2 ** 45 }),
    b: fc.integer({ min: 0, max: 2 ** 40 }),
    c: fc.integer({ min: 0, max: 2 ** 40 }),
    visitCount: fc.integer({ min: 1, max: 1_000_000 }),
  })
  .map(({ id, a, b, c, visitCount }) => ({
    id,
    firstVisit: a,
    previousVisit: a + b,
    currentVisit: a + b + c,
    visitCount,
  }));

describe('visitor record cookie', () => {
  it('round-trips every well-formed record', () => {
    fc.assert(
      fc.property(recordArb, (r) => {
        expect(parseVisitorRecord(formatVisitorRecord(r))).toEqual(r);
      }),
    );
  });

  it('formats as an id and four bar-separated integers', () => {
    expect(
      formatVisitorRecord({ id: 'abc', firstVisit: 1, previousVisit: 2, currentVisit: 3, visitCount: 4 }),
    ).toBe('abc|1|2|3|4');
  });

  it.each([
    ['empty', ''],
    ['too few parts', 'abc|1|2|3'],
    ['too many parts', 'abc|1|2|3|4|5'],
    ['zero counter', 'abc|1|2|3|0'],
    ['negative', 'abc|-1|2|3|4'],
    ['leading zero', 'abc|01|2|3|4'],
    ['decimal', 'abc|1.5|2|3|4'],
    ['exponent', 'abc|1e3|2000|3000|4'],
    ['spaces', 'abc| 1|2|3|4'],
    ['empty id', '|1|2|3|4'],
    ['id with space', 'a b|1|2|3|4'],
    ['id too long', `${'a'.repeat(65)}|1|2|3|4`],
    ['beyond safe integer', 'abc|1|2|9999999999999999|4'],
    ['timestamps out of order', 'abc|5|2|3|4'],
    ['current before previous', 'abc|1|3|2|4'],
    ['script injection', '<script>|1|2|3|4'],
  ])('rejects %s', (_label, raw) => {
    expect(parseVisitorRecord(raw)).toBeUndefined();
  });

  it('the API schema accepts exactly what the browser parser accepts', () => {
    const near = fc.oneof(
      fc.string(),
      recordArb.map(formatVisitorRecord),
      recordArb.map((r) => `${formatVisitorRecord(r)}|1`),
    );
    fc.assert(
      fc.property(near, (raw) => {
        const result = visitorRecordCookieSchema.safeParse(raw);
        expect(result.success ? result.data : undefined).toEqual(parseVisitorRecord(raw));
      }),
    );
  });

  it('rejects arbitrary strings that are not in the format', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = parseVisitorRecord(s);
        if (parsed) expect(formatVisitorRecord(parsed)).toBe(s);
      }),
    );
  });

  it.each([
    ['1700000000000', 1700000000000],
    ['1', 1],
    ['0', undefined],
    ['-5', undefined],
    ['12a', undefined],
    ['', undefined],
    ['99999999999999999', undefined],
    [undefined, undefined],
  ])('parses the visit timer %s as %s', (raw, expected) => {
    expect(parseVisitTimer(raw)).toBe(expected);
  });
});
