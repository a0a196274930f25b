import {
  GALLERY_API,
  messages,
  videoHostOf,
  videoLookupSchema,
  type VideoMetadata,
} from '@site/page-content';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError, handle, parse } from '../../http';
import { VideoLookupError, type VideoMetadataProvider } from '../../video-metadata/provider';
import { siteImages } from './site-images';

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
  },
): void {
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
