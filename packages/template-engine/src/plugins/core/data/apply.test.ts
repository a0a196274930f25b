import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../../types';
import { fakeContext, run } from '../test-context';
import { applyFormatters, parseApplyArgs } from './apply';

describe('apply', () => {
  it('parses named arguments and the private flag', () => {
    expect(parseApplyArgs(['m'])).toEqual({ private: false, args: undefined });
    expect(parseApplyArgs(['m', 'a=1', 'junk', 'private', 'b=x=y'])).toEqual({
      private: true,
      args: { a: '1', b: 'x=y' },
    });
  });

  it('renders the named partial with the value and passes the options along', () => {
    const calls: unknown[][] = [];
    const ctx: RenderContext = {
      ...fakeContext(),
      renderPartial: (...a: unknown[]) => {
        calls.push(a);
        return 'done';
      },
    };
    expect(run(applyFormatters.apply, { v: 1 }, ['card', 'k=v'], ctx)).toBe('done');
    expect(calls).toEqual([['card', { v: 1 }, { private: false, args: { k: 'v' } }]]);
  });

  it('renders nothing without a name, and reports a missing partial through the engine', () => {
    const ctx = fakeContext();
    expect(run(applyFormatters.apply, 1, [], ctx)).toBe('');
    expect(run(applyFormatters.apply, 1, ['nope'], ctx)).toBe('');
    expect(ctx.errors.map((e) => e.kind)).toEqual(['PARTIAL_NOT_FOUND']);
  });
});
