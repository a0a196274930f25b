import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const failed = (code: string) =>
  new Error('Failed query: select 1', { cause: Object.assign(new Error(code), { code }) });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the driver lost its connection', 'CONNECTION_CLOSED', true],
    ['the pool was ended', 'CONNECTION_ENDED', true],
    ['no connection in time', 'CONNECT_TIMEOUT', true],
    ['nothing listens', 'ECONNREFUSED', true],
    ['the server cut the socket', 'ECONNRESET', true],
    ['terminated by the administrator (fast shutdown)', '57P01', true],
    ['the database system is starting up', '57P03', true],
    ['connection failure', '08006', true],
    ['too many connections', '53300', true],
    ['a unique violation', '23505', false],
    ['an unknown table', '42P01', false],
    ['a serialization failure', '40001', false],
  ])('%s (%s): %s', (_what, code, expected) => {
    expect(isDatabaseUnavailable(failed(code))).toBe(expected);
    expect(isDatabaseUnavailable(Object.assign(new Error(code), { code }))).toBe(expected);
  });

  it('is false for errors without a code and for what is no error', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
