import type { FieldErrors } from '../form-rules/validate';
import { messages } from '../messages';

/** The submission steps, in the only order they run (storefront.md §4 "Form submission"). */
export const SUBMISSION_STEPS = [
  'clear-errors',
  'validate',
  'captcha',
  'form-key',
  'collect',
  'save',
] as const;
export type SubmissionStep = (typeof SUBMISSION_STEPS)[number];

/** After saving, the page either leaves for the form's redirect or shows the submission text. */
export type SubmissionSuccess =
  | { kind: 'redirect'; url: string }
  /** `html` is the post-submit HTML; the page runs the scripts it contains. */
  | { kind: 'message'; message: string; html: string };

export interface SubmissionFailure {
  /** Shown above each field's title. */
  fieldErrors: FieldErrors;
  /** The form-level error line. */
  message: string;
  /** The bot check failed: it was reset and a captcha-bound submit button should be disabled. */
  captchaFailed: boolean;
}

export type SubmissionState =
  | { status: 'idle' }
  | { status: 'submitting'; step: SubmissionStep }
  | { status: 'success'; success: SubmissionSuccess }
  | { status: 'failure'; failure: SubmissionFailure };

export type SubmissionEvent =
  | { type: 'submit' }
  | { type: 'step'; step: SubmissionStep }
  | { type: 'succeed'; success: SubmissionSuccess }
  | { type: 'fail'; failure: SubmissionFailure };

export const initialSubmissionState: SubmissionState = { status: 'idle' };

/**
 * The submission state machine as a pure reducer. An event that does not apply to the current
 * state returns that same state object, so a second click while submitting, a step going
 * backwards, or a late answer after success are all no-ops.
 */
export function transition(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  switch (event.type) {
    case 'submit':
      return state.status === 'idle' || state.status === 'failure'
        ? { status: 'submitting', step: SUBMISSION_STEPS[0] }
        : state;
    case 'step':
      return state.status === 'submitting' &&
        SUBMISSION_STEPS.indexOf(event.step) > SUBMISSION_STEPS.indexOf(state.step)
        ? { status: 'submitting', step: event.step }
        : state;
    case 'succeed':
      return state.status === 'submitting' ? { status: 'success', success: event.success } : state;
    case 'fail':
      return state.status === 'submitting' ? { status: 'failure', failure: event.failure } : state;
  }
}

/** The submit button is locked only while a submission is in flight. */
export function isSubmitLocked(state: SubmissionState): boolean {
  return state.status === 'submitting';
}

/** The owner's button text, replaced by "Submitting…" while a submission is in flight. */
export function submitButtonLabel(state: SubmissionState, idleLabel: string): string {
  return isSubmitLocked(state) ? messages.submitting : idleLabel;
}
