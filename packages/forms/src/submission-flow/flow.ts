import type { Form } from '../form/form';
import { validateFormValues } from '../form-rules/validate';
import { collectFormValues, type RawFormInput } from '../form-submission/collect';
import {
  formSubmissionSchema,
  type FormSubmission,
  type FormValues,
  type SubmissionPage,
} from '../form-submission/submission';
import type { FormKind } from '../submission-errors/review-message';
import { interpretSaveResponse, type SaveResponse } from '../submission-errors/save-response';
import { messages } from '../messages';
import { CAPTCHA_ACTIONS, captchaFailureMessage, type CaptchaAction, type CaptchaProvider } from './captcha';
import {
  initialSubmissionState,
  transition,
  type SubmissionEvent,
  type SubmissionFailure,
  type SubmissionState,
  type SubmissionStep,
} from './machine';

/** The two calls a submission makes, injected so the page uses fetch and tests use fakes. */
export interface SubmissionTransport {
  /** POST /api/form/FormSubmissionKey; resolves data.key, rejects when there is none. */
  fetchFormKey(): Promise<string>;
  /** POST /api/form/SaveFormSubmission; resolves any HTTP answer, rejects only on network loss. */
  save(submission: FormSubmission): Promise<SaveResponse>;
}

export interface SubmissionFlowOptions {
  form: Form;
  kind: FormKind;
  transport: SubmissionTransport;
  /** Required when the form has its captcha enabled. */
  captcha?: CaptchaProvider;
  /** The token's action when it is not the kind's own (the promotional pop-up's sign-up). */
  captchaAction?: CaptchaAction;
  /** Called after a newsletter form saved; a throwing tracker never fails the submission. */
  trackSignUp?: (form: Form) => void;
}

export interface SubmitRequest {
  input: RawFormInput;
  page: SubmissionPage;
  /** The page's query string, for hidden fields. */
  queryString?: string;
}

export interface SubmissionFlow {
  getState(): SubmissionState;
  /** Calls `listener` on every state change; returns the unsubscribe function. */
  subscribe(listener: (state: SubmissionState) => void): () => void;
  /** Runs every step; resolves the final state. A call while one is in flight changes nothing. */
  submit(request: SubmitRequest): Promise<SubmissionState>;
}

/** Thrown inside a run to end it with a failure; never escapes `submit`. */
class StepFailure extends Error {
  constructor(readonly failure: SubmissionFailure) {
    super(failure.message);
  }
}

const fail = (message: string, extra: Partial<SubmissionFailure> = {}): StepFailure =>
  new StepFailure({ fieldErrors: {}, message, captchaFailed: false, ...extra });

/**
 * Drives a contact or newsletter form from idle through submitting to success or failure. All
 * I/O is injected, so the same flow runs in the browser, under tests, and in any UI framework.
 */
export function createSubmissionFlow(options: SubmissionFlowOptions): SubmissionFlow {
  const { form, kind, transport, captcha, captchaAction, trackSignUp } = options;
  let state = initialSubmissionState;
  const listeners = new Set<(state: SubmissionState) => void>();

  const dispatch = (event: SubmissionEvent): void => {
    const next = transition(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(state);
  };
  const step = (name: SubmissionStep): void => dispatch({ type: 'step', step: name });

  async function run(request: SubmitRequest): Promise<void> {
    step('clear-errors');

    step('validate');
    const values = collectFormValues(form, request.input, { queryString: request.queryString });
    const fieldErrors = validateFormValues(form, values);
    if (Object.keys(fieldErrors).length > 0) throw fail(messages.fieldsInvalid, { fieldErrors });

    step('captcha');
    const captchaKey = form.captchaEnabled ? await captchaToken() : undefined;

    step('form-key');
    const key = await transport.fetchFormKey().catch(() => '');
    if (typeof key !== 'string' || key === '') throw fail(messages.submitKeyUnavailable);

    step('collect');
    const submission = buildSubmission(values, key, captchaKey, request.page);

    step('save');
    const response = await transport.save(submission).catch(() => {
      throw fail(messages.submitProcessingError);
    });
    const outcome = interpretSaveResponse(response);
    if (outcome.kind === 'field-errors') {
      throw fail(outcome.message, { fieldErrors: outcome.errors });
    }
    if (outcome.kind === 'error') throw fail(outcome.message);

    if (kind === 'newsletter') {
      try {
        trackSignUp?.(form);
      } catch {
        // Tracking must never turn a saved submission into a failure.
      }
    }
    dispatch({
      type: 'succeed',
      success: form.successRedirect
        ? { kind: 'redirect', url: form.successRedirect }
        : { kind: 'message', message: form.parsedSubmissionMessage, html: form.submissionHTML },
    });
  }

  async function captchaToken(): Promise<string> {
    const action =
      captchaAction ?? (kind === 'newsletter' ? CAPTCHA_ACTIONS.newsletter : CAPTCHA_ACTIONS.form);
    let rejection: unknown;
    const token = captcha
      ? await captcha.getToken(action).catch((error: unknown) => {
          rejection = error;
          return null;
        })
      : null;
    if (token) return token;
    captcha?.reset();
    throw fail(captchaFailureMessage(rejection), { captchaFailed: true });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(request) {
      if (transition(state, { type: 'submit' }) === state) return state;
      dispatch({ type: 'submit' });
      try {
        await run(request);
      } catch (error) {
        const failure =
          error instanceof StepFailure
            ? error.failure
            : { fieldErrors: {}, message: messages.submitProcessingError, captchaFailed: false };
        dispatch({ type: 'fail', failure });
      }
      return state;
    },
  };
}

function buildSubmission(
  values: FormValues,
  key: string,
  captchaKey: string | undefined,
  page: SubmissionPage,
): FormSubmission {
  const parsed = formSubmissionSchema.safeParse({
    ...page,
    form: values,
    key,
    ...(captchaKey ? { captchaKey } : {}),
  });
  if (!parsed.success) throw fail(messages.submitFieldsUnparseable);
  return parsed.data;
}
