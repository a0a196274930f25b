import type { VideoMetadata } from '@site/page-content';

/**
 * Where a gallery's video items get their title and poster (platform.md §3 media type video). The
 * editor's lookup route knows only this; `videoMetadataFromConfig` picks the adapter.
 */
export interface VideoMetadataProvider {
  /** For the log. */
  readonly name: string;
  /** `url` is a YouTube or Vimeo link (checked by the caller with `videoHostOf`). */
  lookup(url: string, host: VideoMetadata['host']): Promise<VideoMetadata>;
}

/**
 * Why a video cannot be used: the host does not know it (or keeps it private), it belongs to a
 * basic-tier account (platform.md §5), or the host could not be asked.
 */
export class VideoLookupError extends Error {
  constructor(
    readonly reason: 'not-found' | 'basic-tier' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VideoLookupError';
  }
}
