import { createLocalVideoProvider } from './local';
import { createOembedProvider } from './oembed';
import type { VideoMetadataProvider } from './provider';

export type VideoMetadataSetting = 'oembed' | 'local' | 'off';

/** VIDEO_METADATA picks the provider (oembed unless told otherwise); VIDEO_OEMBED_URL redirects oEmbed lookups. */
export function videoMetadataFromConfig(config: {
  VIDEO_METADATA?: VideoMetadataSetting;
  VIDEO_OEMBED_URL?: string;
}): VideoMetadataProvider | undefined {
  const setting = config.VIDEO_METADATA ?? 'oembed';
  if (setting === 'off') return undefined;
  if (setting === 'local') return createLocalVideoProvider();
  return createOembedProvider({ endpoint: config.VIDEO_OEMBED_URL });
}
