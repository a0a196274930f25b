import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  mailingMessages,
  messages,
  parsePhotoFeed,
  PHOTO_FEED_LIMITS,
  photoFeedKey,
  type PhotoFeedItem,
} from '@site/page-content';
import {
  checkedLookup,
  RefusedAddressError,
  webhookUrlProblem,
  type UrlPolicy,
} from '../webhooks/url-policy';

export type FeedFetch = { ok: true; items: PhotoFeedItem[] } | { ok: false; error: string };

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxBytes: PHOTO_FEED_LIMITS.maxBytes,
  timeoutMs: PHOTO_FEED_LIMITS.timeoutSeconds * 1000,
};

class TooBigError extends Error {}

/**
 * One GET of a feed through node:http(s) with the webhooks' address policy: the name is resolved
 * once inside the connection and every address must be public (unless WEBHOOKS_ALLOW_PRIVATE),
 * so a feed cannot make the server read its own network. Redirects are not followed (a feed
 * that moved is reported with its status). The body is read up to `maxBytes`; a bigger one is
 * refused as soon as it passes the cap (by Content-Length or while streaming); the whole
 * exchange ends at `timeoutMs`.
 */
function getFeed(
  url: string,
  policy: UrlPolicy,
  limits: FetchLimits,
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'GET',
        headers: {
          accept:
            'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml, text/xml;q=0.9, */*;q=0.5',
          'user-agent': 'site-builder-photo-feeds',
        },
        lookup: checkedLookup(policy),
        agent: false,
        signal: AbortSignal.timeout(limits.timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          res.destroy();
          return reject(new TooBigError());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy();
            reject(new TooBigError());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Fetches and reads a feed; never throws: a failure comes back in the owner's words. */
export async function fetchPhotoFeed(
  url: string,
  policy: UrlPolicy,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
): Promise<FeedFetch> {
  const key = photoFeedKey(url);
  if (!key) return { ok: false, error: messages.photoFeedUrlInvalid };
  // Answered before connecting: an address written in the URL, or a name that resolves privately.
  const problem = await webhookUrlProblem(key, policy);
  if (problem)
    return {
      ok: false,
      error:
        problem === mailingMessages.webhookUrlPrivate
          ? messages.photoFeedPrivate
          : messages.photoFeedUnreachable,
    };
  let answer: { status: number; body: string };
  try {
    answer = await getFeed(key, policy, limits);
  } catch (err) {
    if (err instanceof TooBigError)
      return { ok: false, error: messages.photoFeedTooBig(Math.round(limits.maxBytes / 1024 / 1024) || 1) };
    if (err instanceof RefusedAddressError) return { ok: false, error: messages.photoFeedPrivate };
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      return { ok: false, error: messages.photoFeedTimeout(Math.round(limits.timeoutMs / 1000)) };
    return { ok: false, error: messages.photoFeedUnreachable };
  }
  if (answer.status < 200 || answer.status > 299)
    return { ok: false, error: messages.photoFeedStatus(answer.status) };
  const parsed = parsePhotoFeed(answer.body);
  if (!parsed.ok)
    return {
      ok: false,
      error: parsed.problem === 'no-pictures' ? messages.photoFeedNoPictures : messages.photoFeedMalformed,
    };
  return { ok: true, items: parsed.items };
}
