import { describe, expect, it } from 'vitest';
import { fakeContext, run } from '../test-context';
import { legacyFormatters, legacyPredicates } from './legacy';

describe('legacy names', () => {
  it('datetimefield prints nothing', () => expect(run(legacyFormatters.datetimefield, 123)).toBe(''));

  it('units-metric? is false and reports that it is not implemented (spec §8)', () => {
    const ctx = fakeContext();
    expect(legacyPredicates['units-metric?']([], ctx)).toBe(false);
    expect(ctx.errors).toEqual([
      { kind: 'NOT_IMPLEMENTED', message: '"units-metric?" formatter is not yet implemented' },
    ]);
  });
});
