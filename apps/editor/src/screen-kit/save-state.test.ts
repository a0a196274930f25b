import { messages } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { listLoadFailure } from './save-state';

describe('a list that did not load', () => {
  it.each([
    [
      'no connection',
      new ApiError(0, 'NETWORK', messages.networkError),
      'results',
      messages.unableToLoadResults,
    ],
    [
      'a server fault',
      new ApiError(500, 'INTERNAL', messages.somethingWentWrong),
      'results',
      messages.unableToLoadResults,
    ],
    [
      'an unreachable server',
      new ApiError(503, 'UNAVAILABLE', messages.unableToConnect),
      'collections',
      messages.unableToLoadCollections,
    ],
    [
      'something thrown that is not a call',
      new TypeError('x is undefined'),
      'collections',
      messages.unableToLoadCollections,
    ],
    [
      'a refusal with a reason',
      new ApiError(403, 'FORBIDDEN', 'Only the owner may look.'),
      'results',
      'Only the owner may look.',
    ],
    [
      'a bad filter',
      new ApiError(400, 'BAD_REQUEST', 'Status is not one of the expected options'),
      'collections',
      'Status is not one of the expected options',
    ],
  ] as const)('after %s says %j', (_, error, list, expected) => {
    expect(listLoadFailure(list, error)).toBe(expected);
  });
});
