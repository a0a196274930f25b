import { GALLERY_API, type SiteImages, type VideoMetadata } from '@site/page-content';
import { useMutation, useQuery } from '@tanstack/react-query';
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
