import { messages } from '@site/page-content';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { ApiError } from './errors';

/** platform.md §9: a megabyte is 1,000,000 bytes; a page of 60 blocks stays far below it. */
export const MAX_BODY_BYTES = 1_000_000;

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.statusCode).send(error.body());
}

/** Wraps a handler so an ApiError becomes its JSON answer. */
export function handle<R>(fn: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await fn(request, reply);
    } catch (error) {
      if (error instanceof ApiError) return sendApiError(reply, error);
      throw error;
    }
  };
}

/**
 * Errors Fastify raises before a handler runs (body too large, malformed JSON, unknown content
 * type) in the API's shape; anything else is a 500 that is logged.
 */
export function registerApiErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendApiError(reply, new ApiError(413, 'PAYLOAD_TOO_LARGE', messages.payloadTooLarge));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendApiError(reply, new ApiError(503, 'UNAVAILABLE', messages.unableToConnect));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return sendApiError(reply, new ApiError(status, 'INVALID', error.message));
    request.log.error({ err: error }, 'editor request failed');
    return sendApiError(reply, new ApiError(500, 'INTERNAL', messages.somethingWentWrong));
  });
}
