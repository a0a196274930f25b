import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Why a browser request comes from another site, or undefined when it does not. A browser marks
 * it itself: `Sec-Fetch-Site: cross-site`, or an Origin that is not this host (`null` for a
 * sandboxed or opaque document). Requests without either header (non-browser clients, old
 * browsers on a GET) are not refused here; the crumb and the rate limit deal with those.
 */
export function crossSiteReason(request: FastifyRequest): string | undefined {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return 'the browser marks this request cross-site';
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  if (origin === 'null') return 'the request comes from an opaque origin';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return 'the Origin header is malformed';
  }
  if (host !== ownHost(request)) return `the request comes from another site (${host})`;
  return undefined;
}

/** This request's host as an Origin names it: lower case, without the scheme's default port. */
function ownHost(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return undefined;
  }
}

/** An onRequest hook for calls only this site's own pages may make (tracking beacons). */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const reason = crossSiteReason(request);
  if (reason) {
    await reply.status(403).send({ error: { code: 'CROSS_SITE', message: `Refused: ${reason}` } });
  }
}
