import { describe, expect, it } from 'vitest';
import {
  initialSubmissionState,
  isSubmitLocked,
  submitButtonLabel,
  transition,
  type SubmissionEvent,
  type SubmissionState,
} from './machine';

const submitting = (step: 'clear-errors' | 'validate' | 'save'): SubmissionState => ({
  status: 'submitting',
  step,
});
const failure: SubmissionState = {
  status: 'failure',
  failure: { fieldErrors: {}, message: 'm', captchaFailed: false },
};
const success: SubmissionState = { status: 'success', success: { kind: 'redirect', url: '/thanks' } };

const submit: SubmissionEvent = { type: 'submit' };
const toSave: SubmissionEvent = { type: 'step', step: 'save' };
const toValidate: SubmissionEvent = { type: 'step', step: 'validate' };
const succeed: SubmissionEvent = { type: 'succeed', success: { kind: 'redirect', url: '/thanks' } };
const fail: SubmissionEvent = {
  type: 'fail',
  failure: { fieldErrors: { a: 'Required' }, message: 'x', captchaFailed: false },
};

describe('transition', () => {
  it.each([
    ['idle', initialSubmissionState, submit, submitting('clear-errors')],
    ['failure', failure, submit, submitting('clear-errors')],
    ['submitting', submitting('clear-errors'), toValidate, submitting('validate')],
    ['submitting', submitting('validate'), toSave, submitting('save')],
    [
      'submitting',
      submitting('save'),
      succeed,
      { status: 'success', success: { kind: 'redirect', url: '/thanks' } },
    ],
    [
      'submitting',
      submitting('validate'),
      fail,
      { status: 'failure', failure: (fail as { failure: unknown }).failure },
    ],
  ] as const)('%s + %j', (_name, state, event, expected) => {
    expect(transition(state, event)).toEqual(expected);
  });

  it.each([
    ['submit while submitting', submitting('save'), submit],
    ['step backwards', submitting('save'), toValidate],
    ['same step again', submitting('validate'), toValidate],
    ['step while idle', initialSubmissionState, toSave],
    ['succeed while idle', initialSubmissionState, succeed],
    ['fail after success', success, fail],
    ['submit after success', success, submit],
    ['succeed after failure', failure, succeed],
  ] as const)('ignores %s', (_name, state, event) => {
    expect(transition(state, event)).toBe(state);
  });
});

describe('button', () => {
  it.each([
    [initialSubmissionState, false, 'Send'],
    [submitting('save'), true, 'Submitting…'],
    [failure, false, 'Send'],
    [success, false, 'Send'],
  ] as const)('%j: locked %s, label %s', (state, locked, label) => {
    expect(isSubmitLocked(state)).toBe(locked);
    expect(submitButtonLabel(state, 'Send')).toBe(label);
  });
});
