import {
  EDITOR_API,
  type CreatePage,
  type PageDetail,
  type PageDocument,
  type PageSummary,
  type RevisionSummary,
  type UpdatePage,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './http';
import { siteLayoutKeys } from './site-layout';

export const pageKeys = {
  /** The page list; also the prefix of every page's own keys. */
  all: ['pages'] as const,
  page: (id: string) => ['pages', id] as const,
  revisions: (id: string) => ['pages', id, 'revisions'] as const,
};

export function usePages() {
  return useQuery({
    queryKey: pageKeys.all,
    queryFn: () => api<{ pages: PageSummary[] }>('GET', EDITOR_API.pages).then((r) => r.pages),
  });
}

export function usePage(id: string) {
  return useQuery({
    queryKey: pageKeys.page(id),
    queryFn: () => api<PageDetail>('GET', EDITOR_API.page(id)),
    staleTime: Infinity,
    enabled: id !== '',
  });
}

export function useRevisions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: pageKeys.revisions(id),
    queryFn: () =>
      api<{ revisions: RevisionSummary[] }>('GET', EDITOR_API.revisions(id)).then((r) => r.revisions),
    enabled,
  });
}

/** After a change to the page set, the tree and the layout are read again. */
export function refreshStructure(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: pageKeys.all, exact: true }),
    client.invalidateQueries({ queryKey: siteLayoutKeys.layout }),
  ]);
}

function storePage(client: QueryClient, page: PageDetail) {
  client.setQueryData(pageKeys.page(page.id), page);
}

export function useCreatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePage) => api<PageDetail>('POST', EDITOR_API.pages, { body: input }),
    onSuccess: async (page) => {
      storePage(client, page);
      await refreshStructure(client);
    },
  });
}

export function useUpdatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdatePage & { id: string }) =>
      api<PageDetail>('PATCH', EDITOR_API.page(id), { body: input }),
    onSuccess: async (page) => {
      storePage(client, page);
      await refreshStructure(client);
    },
  });
}

export function useDuplicatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PageDetail>('POST', EDITOR_API.duplicate(id)),
    onSuccess: async (page) => {
      storePage(client, page);
      await refreshStructure(client);
    },
  });
}

export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<void>('DELETE', EDITOR_API.page(id), { query: { version } }),
    onSuccess: async (_r, { id }) => {
      client.removeQueries({ queryKey: pageKeys.page(id) });
      await refreshStructure(client);
    },
  });
}

export function saveDraft(id: string, version: number, document: PageDocument) {
  return api<{ version: number; savedAt: string }>('PUT', EDITOR_API.draft(id), {
    body: { version, document },
  });
}

export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<PageDetail>('POST', EDITOR_API.publish(id), { body: { version } }),
    onSuccess: async (page) => {
      storePage(client, page);
      await Promise.all([
        refreshStructure(client),
        client.invalidateQueries({ queryKey: pageKeys.revisions(page.id) }),
      ]);
    },
  });
}

export function useRestoreRevision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revisionId, version }: { id: string; revisionId: string; version: number }) =>
      api<PageDetail>('POST', EDITOR_API.restore(id, revisionId), { body: { version } }),
    onSuccess: async (page) => {
      storePage(client, page);
      await client.invalidateQueries({ queryKey: pageKeys.revisions(page.id) });
    },
  });
}
