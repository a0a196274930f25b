import { EDITOR_API, type EditorSite } from '@site/page-content';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

/** The site as the editor sees it, with the preview kit the page editor renders from. */
export const editorSiteKeys = {
  site: ['editor-site'] as const,
};

export function useEditorSite() {
  return useQuery({
    queryKey: editorSiteKeys.site,
    queryFn: () => api<EditorSite>('GET', EDITOR_API.site),
    staleTime: 5 * 60_000,
  });
}
