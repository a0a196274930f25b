import { messages } from '@site/page-content';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** platform.md §9: a megabyte is 1,000,000 bytes; a page of 60 blocks stays far below it. */
export const MAX_BODY_BYTES = 1_000_000;

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** An editor call refused with a 4xx, a stable code and a message the editor shows as is. */
export class EditorError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'EditorError';
  }
}

export const notFound = () => new EditorError(404, 'PAGE_NOT_FOUND', messages.pageNotFound);
export const stale = () => new EditorError(409, 'STALE_VERSION', messages.staleVersion);

/** Parses with the shared schema; every issue keeps its path so the editor can show it at its field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
  }));
  throw new EditorError(400, 'INVALID', issues[0]?.message ?? messages.updateMissingInfo, issues);
}

function send(reply: FastifyReply, error: EditorError): FastifyReply {
  return reply.status(error.statusCode).send({
    error: { code: error.code, message: error.message, ...(error.issues && { issues: error.issues }) },
  });
}

/** Wraps a handler so an EditorError becomes its JSON answer. */
export function handle<R>(fn: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await fn(request, reply);
    } catch (error) {
      if (error instanceof EditorError) return send(reply, error);
      throw error;
    }
  };
}

/**
 * Errors Fastify raises before a handler runs (body too large, malformed JSON, unknown content
 * type) in the editor's shape; anything else is a 500 that is logged.
 */
export function registerEditorErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, new EditorError(413, 'PAYLOAD_TOO_LARGE', messages.payloadTooLarge));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, new EditorError(status, 'INVALID', error.message));
    request.log.error({ err: error }, 'editor request failed');
    return send(reply, new EditorError(500, 'INTERNAL', messages.somethingWentWrong));
  });
}

/** PostgreSQL's unique_violation, as either driver reports it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
