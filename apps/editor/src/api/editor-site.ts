import { EDITOR_API, type EditorSite, type PreviewProducts } from '@site/page-content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './http';

/** The site as the editor sees it, with the preview kit the page editor renders from. */
export const editorSiteKeys = {
  site: ['editor-site'] as const,
  /** Under `site`, so whatever reloads the site reloads the products its preview shows. */
  previewProducts: (refs: { ids: string[]; shops: string[] }) =>
    ['editor-site', 'preview-products', refs.ids.join(','), refs.shops.join(',')] as const,
};

export function useEditorSite() {
  return useQuery({
    queryKey: editorSiteKeys.site,
    queryFn: () => api<EditorSite>('GET', EDITOR_API.site),
    staleTime: 5 * 60_000,
  });
}

/**
 * The products a preview shows (the kit carries none: a catalogue can be 100 000 products). While
 * a newly named product loads, the preview keeps what it had, so typing never waits on it.
 */
export function usePreviewProducts(refs: { ids: string[]; shops: string[] }) {
  const none = refs.ids.length === 0 && refs.shops.length === 0;
  return useQuery({
    queryKey: editorSiteKeys.previewProducts(refs),
    queryFn: () =>
      api<PreviewProducts>('GET', EDITOR_API.previewProducts, {
        query: { ids: refs.ids.join(','), shops: refs.shops.join(',') },
      }),
    enabled: !none,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
