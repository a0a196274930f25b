import { EDITOR_API, type SiteLayoutEntry, type UpdateNavigation } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

/** The navigation tree: which pages sit in which menu, in order. */
export const siteLayoutKeys = {
  layout: ['site-layout'] as const,
};

export function useSiteLayout() {
  return useQuery({
    queryKey: siteLayoutKeys.layout,
    queryFn: () => api<SiteLayoutEntry[]>('GET', EDITOR_API.siteLayout),
  });
}

export function useUpdateNavigation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNavigation) =>
      api<SiteLayoutEntry[]>('POST', EDITOR_API.updateNavigation, { body: input }),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: siteLayoutKeys.layout });
    },
    onSuccess: (layout) => client.setQueryData(siteLayoutKeys.layout, layout),
    // A refused order is put back as the server has it.
    onError: () => client.invalidateQueries({ queryKey: siteLayoutKeys.layout }),
  });
}
