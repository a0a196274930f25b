import type { FastifyRequest } from 'fastify';

/**
 * Beacons cannot send application/json without a preflight, so they send the JSON as text/plain.
 * Registered (as a content-type parser) only in the scopes of the beacon calls; everywhere else
 * text/plain stays unsupported.
 */
export function parseTextJson(
  _request: FastifyRequest,
  body: string,
  done: (err: Error | null, body?: unknown) => void,
): void {
  try {
    done(null, JSON.parse(body));
  } catch {
    done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400, code: 'INVALID_JSON' }));
  }
}
