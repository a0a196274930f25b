import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkedLookup, deliveryUrlProblem, RefusedAddressError, type UrlPolicy } from './url-policy';

/** Answers larger than this are refused: discovery documents, keys and tokens are a few kB. */
export const PINNED_FETCH_MAX_BYTES = 1024 * 1024;

const NO_BODY = new Set([101, 204, 205, 304]);

/** What a caller passes: fetch's own options, or openid-client's (which may send plain bytes). */
export interface PinnedFetchInit {
  method?: string;
  headers?: HeadersInit | Record<string, string>;
  body?: string | URLSearchParams | ArrayBuffer | ArrayBufferView | ReadableStream | null;
  signal?: AbortSignal | null;
  redirect?: string;
}

/**
 * A `fetch` for server-side calls to addresses an owner typed (an identity provider's issuer):
 * the same policy as webhook deliveries. The name is resolved once inside the connection by
 * `checkedLookup`, which refuses private addresses unless the policy allows them, so a name server
 * that answers differently between a check and the connection (DNS rebinding) reaches nothing
 * private. An address written in the URL is checked before connecting (node skips `lookup` for
 * it). Redirects are never followed; sockets are not pooled.
 */
export function pinnedFetch(policy: UrlPolicy) {
  return (input: string | URL, init: PinnedFetchInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const problem = deliveryUrlProblem(url.href, policy);
    if (problem) return Promise.reject(new RefusedAddressError(problem));
    return bodyBytes(init.body).then((body) => request(url, init, body, policy));
  };
}

function request(url: URL, init: PinnedFetchInit, body: Buffer | undefined, policy: UrlPolicy) {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = new Headers(init.headers);
  if (body) headers.set('content-length', String(body.byteLength));
  return new Promise<Response>((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        lookup: checkedLookup(policy),
        agent: false,
        signal: init.signal ?? undefined,
      },
      (res) => collect(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function bodyBytes(body: PinnedFetchInit['body']): Promise<Buffer | undefined> {
  if (body == null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof ReadableStream) return Buffer.from(await new Response(body).arrayBuffer());
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function collect(res: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PINNED_FETCH_MAX_BYTES) {
        res.destroy(new Error('The answer is too large'));
        return;
      }
      chunks.push(chunk);
    });
    res.on('error', reject);
    res.on('end', () => {
      const status = res.statusCode ?? 502;
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
      }
      // Response accepts 200–599 only; anything else is no answer a caller can use.
      if (status < 200 || status > 599) return reject(new TypeError(`Unexpected status ${status}`));
      resolve(new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
    });
  });
}
