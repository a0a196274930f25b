import { messages, type VideoMetadata } from '@site/page-content';
import { z } from 'zod';
import { VideoLookupError, type VideoMetadataProvider } from './provider';

/** Each host's oEmbed endpoint (https://oembed.com). */
export const OEMBED_ENDPOINTS: Record<VideoMetadata['host'], string> = {
  youtube: 'https://www.youtube.com/oembed',
  vimeo: 'https://vimeo.com/api/oembed.json',
};
/** The owner waits on this while adding a video: past it, say the host did not answer. */
export const OEMBED_TIMEOUT_MS = 5000;

// The fields read from an oEmbed answer; anything else (the host's own embed HTML above all) is
// ignored: the storefront builds its player from the link, never from the host's markup.
const OembedAnswer = z.object({
  title: z.string().max(500).default(''),
  thumbnail_url: z.string().max(2000).optional(),
  /** Vimeo's: the uploader's plan (basic, plus, pro, business, …). */
  account_type: z.string().optional(),
});

/**
 * Video metadata from the hosts' oEmbed endpoints. `endpoint` sends every host's lookup to one
 * address instead (a proxy, or a stand-in in tests).
 */
export function createOembedProvider(
  options: { endpoint?: string; timeoutMs?: number; fetch?: typeof fetch } = {},
): VideoMetadataProvider {
  const send = options.fetch ?? fetch;
  return {
    name: 'oembed',
    async lookup(url, host) {
      const address = new URL(options.endpoint ?? OEMBED_ENDPOINTS[host]);
      address.searchParams.set('url', url);
      address.searchParams.set('format', 'json');
      let res: Response;
      try {
        res = await send(address, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? OEMBED_TIMEOUT_MS),
        });
      } catch (err) {
        throw new VideoLookupError('unavailable', messages.videoLookupFailed, { cause: err });
      }
      // Hosts answer 404 for an unknown video and 401/403 for one whose owner forbids embedding.
      if ([401, 403, 404].includes(res.status))
        throw new VideoLookupError('not-found', messages.videoNotFound);
      if (!res.ok)
        throw new VideoLookupError('unavailable', messages.videoLookupFailed, {
          cause: new Error(`oEmbed answered ${res.status}`),
        });
      const answer = OembedAnswer.safeParse(await res.json().catch(() => undefined));
      if (!answer.success)
        throw new VideoLookupError('unavailable', messages.videoLookupFailed, { cause: answer.error });
      // platform.md §5: "Video from a basic-tier video-host account is unsupported."
      if (answer.data.account_type?.toLowerCase() === 'basic')
        throw new VideoLookupError('basic-tier', messages.videoBasicTier);
      const poster = answer.data.thumbnail_url ?? '';
      return {
        url,
        host,
        title: answer.data.title.trim(),
        // The site's pages load outside pictures over https only.
        poster: poster.startsWith('https://') ? poster : '',
      };
    },
  };
}
