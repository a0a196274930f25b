import {
  GALLERY_API,
  PHOTO_FEED_API,
  type PhotoFeedStatus,
  type SiteImages,
  type VideoMetadata,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/** Pictures already on the site's pages and products (media type imageReused); asked only while a gallery is edited. */
export function useSiteImages(enabled: boolean) {
  return useQuery({
    queryKey: ['gallery', 'site-images'],
    queryFn: () => api<SiteImages>('GET', GALLERY_API.siteImages).then((r) => r.images),
    enabled,
  });
}

/** A video link's title and poster from its host; a refusal (basic-tier account, unknown video) rejects with its message. */
export function useVideoLookup() {
  return useMutation({
    mutationFn: (url: string) => api<VideoMetadata>('POST', GALLERY_API.video, { body: { url } }),
  });
}

/**
 * What the site holds of a gallery's photo feed; asked again every 2 s while the feed has never
 * been tried (a save fetches it in the background).
 */
export function usePhotoFeedStatus(url: string | undefined) {
  return useQuery({
    queryKey: ['gallery', 'photo-feed', url],
    queryFn: () => api<PhotoFeedStatus>('GET', `${PHOTO_FEED_API.feed}?url=${encodeURIComponent(url ?? '')}`),
    enabled: Boolean(url),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !data.fetchedAt && !data.lastError ? 2000 : false;
    },
  });
}

/** "Fetch now": the feed fetched in the request; a refusal (the site's 21st feed) rejects with its message. */
export function usePhotoFeedFetch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api<PhotoFeedStatus>('POST', PHOTO_FEED_API.feed, { body: { url } }),
    onSuccess: (status) => client.setQueryData(['gallery', 'photo-feed', status.url], status),
  });
}
