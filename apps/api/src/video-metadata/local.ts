import type { VideoMetadataProvider } from './provider';

/**
 * Metadata from the link alone, without asking the host: for installs without internet and for
 * demos. The title names the host and the video's id; there is no poster (the gallery shows a
 * plain frame with the title) and no account check, so no video is refused.
 */
export function createLocalVideoProvider(): VideoMetadataProvider {
  return {
    name: 'local',
    lookup(url, host) {
      const parsed = new URL(url);
      const id = parsed.searchParams.get('v') ?? parsed.pathname.split('/').filter(Boolean).pop() ?? '';
      const title = `${host === 'vimeo' ? 'Vimeo' : 'YouTube'} video ${id}`.trim();
      return Promise.resolve({ url, host, title, poster: '' });
    },
  };
}
