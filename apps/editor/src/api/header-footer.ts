import { EDITOR_API, type HeaderFooter } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

export type VersionedHeaderFooter = HeaderFooter & { version: number };

export const headerFooterKeys = {
  headerFooter: ['header-footer'] as const,
};

export function useHeaderFooter() {
  return useQuery({
    queryKey: headerFooterKeys.headerFooter,
    queryFn: () => api<VersionedHeaderFooter>('GET', EDITOR_API.headerFooter),
  });
}

export function useSaveHeaderFooter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VersionedHeaderFooter) =>
      api<VersionedHeaderFooter>('PUT', EDITOR_API.headerFooter, { body: input }),
    onSuccess: async (saved) => {
      client.setQueryData(headerFooterKeys.headerFooter, saved);
      await client.invalidateQueries({ queryKey: editorSiteKeys.site });
    },
  });
}
