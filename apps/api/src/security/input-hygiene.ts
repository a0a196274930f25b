import { findUnsafeText, isSafeText, UNSAFE_TEXT_MESSAGE, type UnsafeTextPath } from '@site/commerce-core';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Text is checked once, where it enters: a NUL character or an unpaired UTF-16 surrogate anywhere
 * in the URL path, the query, a cookie or the parsed body (including JSON documents carried in a
 * string field) answers 400 before any handler runs. PostgreSQL cannot store such text, so letting
 * it through turned into a 500 deep inside a write; no browser sends it on its own.
 *
 * The URL, query and cookies are checked in onRequest, before the body is read; the body in
 * preValidation, once a content-type parser has produced it. Both hooks are registered on the root
 * instance, so every route, present and future, is covered.
 */
export const INVALID_TEXT = 'INVALID_TEXT';

function where(part: string, path: UnsafeTextPath): string {
  return path.length ? `${part} ${path.join('.')}` : part;
}

function refuse(reply: FastifyReply, place: string): void {
  void reply.status(400).send({ error: { code: INVALID_TEXT, message: `${place}: ${UNSAFE_TEXT_MESSAGE}` } });
}

// `%00` decodes to NUL; an unpaired surrogate cannot be percent-encoded as valid UTF-8, and raw
// control characters never pass Node's HTTP parser, so only escapes need decoding here.
function decodedPath(url: string): string | undefined {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return undefined;
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape is a path nobody has; the routes treat it as given and answer 404.
    return undefined;
  }
}

/** The first unsafe place in the request line and cookies, or undefined. */
export function unsafeRequestPlace(request: FastifyRequest): string | undefined {
  const url = request.raw.url ?? request.url;
  const path = decodedPath(url);
  if (path !== undefined && !isSafeText(path)) return 'URL path';
  if (!isSafeText(url)) return 'URL';
  const params = findUnsafeText(request.params);
  if (params) return where('URL path', params);
  if (url.includes('?')) {
    const query = findUnsafeText(request.query);
    if (query) return where('query', query);
  }
  const cookies = findUnsafeText(request.cookies);
  if (cookies) return `cookie ${cookies[0]}`;
  return undefined;
}

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done: HookHandlerDoneFunction) => {
    const place = unsafeRequestPlace(request);
    if (place) return refuse(reply, place);
    done();
  });
  app.addHook('preValidation', (request, reply, done: HookHandlerDoneFunction) => {
    const body: unknown = request.body;
    if (body !== undefined && body !== null) {
      const path = findUnsafeText(body);
      if (path) return refuse(reply, where('body', path));
    }
    done();
  });
}
