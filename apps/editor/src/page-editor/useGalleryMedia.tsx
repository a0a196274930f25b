import type { FileView } from '@site/page-content';
import type { GalleryMediaSources } from '@site/ui';
import { useState } from 'react';
import { usePhotoFeedFetch, usePhotoFeedStatus, useSiteImages, useVideoLookup } from '../api/gallery-media';
import { ChooseImage } from './ChooseImage';

/**
 * What the gallery inspector offers: the site's pictures, the library's finished images (the
 * files the page editor already loaded for links), the video lookup, the file picker, and a
 * feed gallery's last fetch with "Fetch now".
 */
export function useGalleryMedia(
  isGallery: boolean,
  files: ReadonlyMap<string, Record<string, unknown>>,
): GalleryMediaSources {
  const siteImages = useSiteImages(isGallery);
  const video = useVideoLookup();
  const [feedUrl, setFeedUrl] = useState<string>();
  const feedStatus = usePhotoFeedStatus(isGallery ? feedUrl : undefined);
  const fetchFeed = usePhotoFeedFetch();
  const library = [...files.values()]
    .map((f) => f as unknown as FileView)
    .filter((f) => f.contentType.startsWith('image/') && f.status === 'complete');
  return {
    siteImages: {
      items: siteImages.data ?? [],
      isLoading: siteImages.isLoading,
      isError: siteImages.isError,
    },
    libraryFiles: {
      items: library.map((f) => ({ id: f.id, name: f.name, url: f.assetUrl, altText: f.altText })),
    },
    lookUpVideo: (url) => video.mutateAsync(url),
    photoFeed: {
      status: { data: feedStatus.data, isLoading: feedStatus.isLoading, isError: feedStatus.isError },
      onAddressChange: setFeedUrl,
      fetchNow: (url) => fetchFeed.mutateAsync(url),
    },
    renderChooseFile: (onChoose) => (
      <ChooseImage
        label="Upload or choose image"
        onChoose={(file) => onChoose({ src: file.assetUrl, alt: file.altText })}
      />
    ),
  };
}
