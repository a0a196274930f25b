import { z } from 'zod';
import { ERROR_EVENT_PREFIX, ERROR_QUEUE_MAX, ERROR_STACK_MAX_LENGTH } from '../constants';
import { messages } from '../messages';

export const javascriptErrorDataSchema = /* @__PURE__ */ (() =>
  z.object({
    websiteId: z.string().min(1),
    templateId: z.string().min(1),
    url: z.string(),
    userAgent: z.string(),
    message: z.string(),
    errorName: z.string().optional(),
    stack: z.string().max(ERROR_STACK_MAX_LENGTH).optional(),
    /** `file:line:column` of an uncaught error, when the browser gives it. */
    source: z.string().optional(),
  }))();
export type JavascriptErrorData = z.infer<typeof javascriptErrorDataSchema>;

export const javascriptErrorEntrySchema = /* @__PURE__ */ (() =>
  z.object({
    event: z.string().regex(new RegExp(`^${ERROR_EVENT_PREFIX}[a-z0-9_]+$`)),
    data: javascriptErrorDataSchema,
    timestamp: z.number().int().nonnegative(),
  }))();
export type JavascriptErrorEntry = z.infer<typeof javascriptErrorEntrySchema>;

/** Body of POST /api/events/RecordJavascriptErrors: one debounced batch. */
export const javascriptErrorBatchSchema = /* @__PURE__ */ (() =>
  z.array(javascriptErrorEntrySchema).min(1).max(ERROR_QUEUE_MAX))();
export type JavascriptErrorBatch = z.infer<typeof javascriptErrorBatchSchema>;

/** Keeps event names in the `interface_error_[a-z0-9_]+` family whatever callers pass. */
export function errorEventName(kind: string): string {
  const slug = kind
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return ERROR_EVENT_PREFIX + (slug || 'unknown');
}

/** Cuts a stack to the limit, the marker included, so the server never has to. */
export function truncateStack(stack: string): string {
  if (stack.length <= ERROR_STACK_MAX_LENGTH) return stack;
  const marker = messages.stackTruncated;
  return stack.slice(0, ERROR_STACK_MAX_LENGTH - marker.length) + marker;
}

export interface DescribedError {
  message: string;
  errorName?: string;
  stack?: string;
}

/** Anything can be thrown; turn it into the fields we report. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const e = error as { message?: unknown; name?: unknown; stack?: unknown };
    return {
      message: String(e.message),
      ...(typeof e.name === 'string' ? { errorName: e.name } : {}),
      ...(typeof e.stack === 'string' ? { stack: truncateStack(e.stack) } : {}),
    };
  }
  try {
    return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
  } catch {
    return { message: String(error) };
  }
}
