import {
  SITE_STYLES_API,
  type FontKit,
  type UpdateSiteStyles,
  type VersionedSiteStyles,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

export const siteStyleKeys = {
  styles: ['site-styles'] as const,
  fonts: ['fonts'] as const,
};

export function useSiteStyles() {
  return useQuery({
    queryKey: siteStyleKeys.styles,
    queryFn: () => api<VersionedSiteStyles>('GET', SITE_STYLES_API.styles),
  });
}

/** The font kit rarely changes within a session; a failed load is retried from the picker. */
export function useFontKit() {
  return useQuery({
    queryKey: siteStyleKeys.fonts,
    queryFn: () => api<FontKit>('GET', SITE_STYLES_API.fonts),
    staleTime: Infinity,
    retry: false,
  });
}

export function useSaveSiteStyles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSiteStyles) =>
      api<VersionedSiteStyles>('PUT', SITE_STYLES_API.styles, { body: input }),
    onSuccess: async (saved) => {
      client.setQueryData(siteStyleKeys.styles, saved);
      // The page editor's preview reads the styles from the preview kit.
      await client.invalidateQueries({ queryKey: editorSiteKeys.site });
    },
  });
}
