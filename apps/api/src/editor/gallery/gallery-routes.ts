import {
  GALLERY_API,
  messages,
  PHOTO_FEED_API,
  photoFeedKey,
  photoFeedRequestSchema,
  type PhotoFeedStatus,
  videoHostOf,
  videoLookupSchema,
  type VideoMetadata,
} from '@site/page-content';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError, handle, parse } from '../../http';
import { VideoLookupError, type VideoMetadataProvider } from '../../video-metadata/provider';
import { siteImages } from './site-images';
import { photoFeedStatus, refreshPhotoFeed, registerPhotoFeeds } from '../../photo-feeds/photo-feed-store';
import type { PhotoFeedOptions } from '../../photo-feeds/refresh-job';

const LOOKUP_ERRORS = {
  'not-found': { status: 422, code: 'VIDEO_NOT_FOUND' },
  'basic-tier': { status: 422, code: 'VIDEO_BASIC_TIER' },
  unavailable: { status: 502, code: 'VIDEO_HOST_UNAVAILABLE' },
} as const;

/** The gallery inspector's calls: a video link's title and poster, and the site's pictures to reuse. */
export function registerGalleryRoutes(
  scope: FastifyInstance,
  options: {
    db: Database;
    read: RouteShorthandOptions;
    write: RouteShorthandOptions;
    videoMetadata?: VideoMetadataProvider;
    photoFeeds?: PhotoFeedOptions;
  },
): void {
  const notFetched = (url: string): PhotoFeedStatus => ({
    url,
    items: [],
    fetchedAt: null,
    lastError: null,
    lastErrorAt: null,
  });
  // What the site holds of a feed: the inspector shows it under the address.
  scope.get(
    PHOTO_FEED_API.feed,
    options.read,
    handle(async (request): Promise<PhotoFeedStatus> => {
      const url = photoFeedKey(parse(photoFeedRequestSchema, request.query).url);
      return (await photoFeedStatus(options.db, request.site.websiteId, url)) ?? notFetched(url);
    }),
  );
  // "Fetch now": names the feed for the site (the 21st is refused) and fetches it in the request.
  scope.post(
    PHOTO_FEED_API.feed,
    options.write,
    handle(async (request): Promise<PhotoFeedStatus> => {
      const url = photoFeedKey(parse(photoFeedRequestSchema, request.body).url);
      const feeds = options.photoFeeds;
      if (!feeds) throw new ApiError(404, 'PHOTO_FEEDS_OFF', messages.photoFeedsOff);
      const { websiteId } = request.site;
      await options.db.transaction((tx) => registerPhotoFeeds(tx, websiteId, [url]));
      return (await refreshPhotoFeed(options.db, websiteId, url, feeds)) ?? notFetched(url);
    }),
  );
  scope.post(
    GALLERY_API.video,
    options.write,
    handle(async (request: FastifyRequest): Promise<VideoMetadata> => {
      const { url } = parse(videoLookupSchema, request.body);
      const provider = options.videoMetadata;
      if (!provider) throw new ApiError(404, 'VIDEO_LOOKUP_OFF', messages.videoLookupOff);
      try {
        return await provider.lookup(url, videoHostOf(url)!);
      } catch (err) {
        if (!(err instanceof VideoLookupError)) throw err;
        if (err.reason === 'unavailable')
          request.log.warn({ err, provider: provider.name }, 'video host did not answer');
        const { status, code } = LOOKUP_ERRORS[err.reason];
        throw new ApiError(status, code, err.message);
      }
    }),
  );
  scope.get(
    GALLERY_API.siteImages,
    options.read,
    handle(async (request) => ({ images: await siteImages(options.db, request.site.websiteId) })),
  );
}
