import { z } from 'zod';
import type { FieldErrors } from '../form-rules/validate';
import { messages } from '../messages';

/** Answer of POST /api/form/FormSubmissionKey. */
export const formSubmissionKeyResponseSchema = /* @__PURE__ */ (() => z.object({ key: z.string().min(1) }))();
export type FormSubmissionKeyResponse = z.infer<typeof formSubmissionKeyResponseSchema>;

/** Error body of POST /api/form/SaveFormSubmission and of the validate call. */
export const saveErrorBodySchema = /* @__PURE__ */ (() =>
  z.object({
    errors: z.record(z.string(), z.string()).optional(),
    error: z.string().optional(),
  }))();
export type SaveErrorBody = z.infer<typeof saveErrorBodySchema>;

/** An HTTP answer as the transport saw it; `data` is the parsed JSON body, if any. */
export interface SaveResponse {
  status: number;
  data?: unknown;
}

export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'field-errors'; errors: FieldErrors; message: string }
  | { kind: 'error'; message: string };

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: messages.submitUnauthorized,
  404: messages.submitNotConfigured,
  429: messages.submitRateLimited,
  500: messages.submitServerError,
};

/** Reads a save answer: success, field errors (400 with data.errors), or one message. */
export function interpretSaveResponse(response: SaveResponse): SaveOutcome {
  if (response.status >= 200 && response.status < 300) return { kind: 'saved' };
  const body = saveErrorBodySchema.safeParse(response.data);
  const errors = body.success ? body.data.errors : undefined;
  if (response.status === 400 && errors && Object.keys(errors).length > 0) {
    return { kind: 'field-errors', errors, message: messages.fieldsInvalid };
  }
  return { kind: 'error', message: submissionErrorMessage(response) };
}

/** The single message for a failed save (storefront.md §8): by status, then data.error. */
export function submissionErrorMessage(response: SaveResponse): string {
  const byStatus = STATUS_MESSAGES[response.status];
  if (byStatus) return byStatus;
  const body = saveErrorBodySchema.safeParse(response.data);
  const serverError = body.success ? body.data.error : undefined;
  return serverError && serverError.trim() !== '' ? serverError : messages.submitUnknownError;
}
