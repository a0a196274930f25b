import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CommerceError } from './errors';

/** Parses a payload with its shared schema; the first problem becomes the message. */
export function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new CommerceError(400, 'INVALID_REQUEST', `${where}${issue?.message ?? 'Invalid request'}`, {
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export function sendCommerceError(error: CommerceError, reply: FastifyReply): FastifyReply {
  return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message, ...error.details } });
}

/** Wraps a handler so a CommerceError becomes its JSON answer. */
export function handle<R>(fn: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await fn(request, reply);
    } catch (err) {
      if (err instanceof CommerceError) return sendCommerceError(err, reply);
      throw err;
    }
  };
}
