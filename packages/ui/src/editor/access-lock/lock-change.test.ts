import { describe, expect, it } from 'vitest';
import { lockChange } from './LockPasswordField';

describe('lockChange', () => {
  it.each([
    // locked, on, typed → what to send (undefined: nothing)
    [false, false, '', undefined],
    [false, true, 'secret', 'secret'],
    [false, true, '', ''], // the server answers with the length message
    [true, true, '', undefined], // keep the password that is set
    [true, true, 'new-one', 'new-one'],
    [true, false, '', null], // remove it
    [true, false, 'typed', null],
  ] as const)('locked %s, on %s, typed %j → %j', (locked, on, typed, expected) => {
    expect(lockChange(locked, on, typed)).toBe(expected);
  });
});
