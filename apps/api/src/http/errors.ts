import { messages } from '@site/page-content';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** Besides code and message, an answer carries the field issues, or fields of its own (`{ fieldErrors }`). */
export type ErrorDetail = FieldIssue[] | Record<string, unknown>;

/**
 * A call refused with a 4xx, a stable code and a message the client shows as is. The one error
 * type of the API: its answer is `{ error: { code, message, issues? , ...fields } }`.
 */
export class ApiError extends Error {
  readonly issues?: FieldIssue[];
  readonly fields?: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    detail?: ErrorDetail,
  ) {
    super(message);
    this.name = 'ApiError';
    if (Array.isArray(detail)) this.issues = detail;
    else this.fields = detail;
  }

  /** The JSON answer. */
  body(): { error: Record<string, unknown> } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues && { issues: this.issues }),
        ...this.fields,
      },
    };
  }
}

export const notFound = () => new ApiError(404, 'PAGE_NOT_FOUND', messages.pageNotFound);
export const stale = () => new ApiError(409, 'STALE_VERSION', messages.staleVersion);
