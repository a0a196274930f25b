import { describe, expect, it } from 'vitest';
import { interpretSaveResponse, submissionErrorMessage } from './save-response';
import { reviewMessage } from './review-message';

describe('submissionErrorMessage', () => {
  it.each([
    [401, undefined, 'Unable to submit form. Please try again later.'],
    [404, undefined, 'This form has not been configured yet.'],
    [429, undefined, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, undefined, 'Unable to send form. Please try again later.'],
    [500, { error: 'ignored for 500' }, 'Unable to send form. Please try again later.'],
    [403, { error: 'Spam detected.' }, 'Spam detected.'],
    [502, { error: '  ' }, 'Unknown error, please try again later.'],
    [503, undefined, 'Unknown error, please try again later.'],
    [400, 'not json', 'Unknown error, please try again later.'],
    [418, { error: 42 }, 'Unknown error, please try again later.'],
  ])('status %i with %j -> %s', (status, data, expected) => {
    expect(submissionErrorMessage({ status, data })).toBe(expected);
  });
});

describe('interpretSaveResponse', () => {
  it.each([200, 201, 204])('status %i is saved', (status) => {
    expect(interpretSaveResponse({ status })).toEqual({ kind: 'saved' });
  });

  it('turns 400 with data.errors into field errors', () => {
    expect(interpretSaveResponse({ status: 400, data: { errors: { email: 'Required' } } })).toEqual({
      kind: 'field-errors',
      errors: { email: 'Required' },
      message: 'One or more fields is invalid, please check your entries.',
    });
  });

  it.each([
    [{ status: 400, data: { errors: {} } }, 'Unknown error, please try again later.'],
    [{ status: 400, data: { error: 'Bad form.' } }, 'Bad form.'],
    [{ status: 422, data: { errors: { a: 'x' } } }, 'Unknown error, please try again later.'],
    [
      { status: 429, data: { errors: { a: 'x' } } },
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    ],
  ])('%j is one error: %s', (response, message) => {
    expect(interpretSaveResponse(response)).toEqual({ kind: 'error', message });
  });
});

describe('reviewMessage', () => {
  it.each([
    ['form', 'above-error', 'Your form has encountered a problem. Please scroll down to review.'],
    ['form', 'below-error', 'Your form has encountered a problem. Please scroll up to review.'],
    ['newsletter', 'above-error', undefined],
    ['newsletter', 'below-error', undefined],
  ] as const)('%s with the form %s -> %s', (kind, position, expected) => {
    expect(reviewMessage(kind, position)).toBe(expected);
  });
});
