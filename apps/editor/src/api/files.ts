import {
  FILES_API,
  type FileKind,
  type FileList,
  type FileProductView,
  type FileView,
  type UpdateFile,
} from '@site/page-content';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const fileKeys = {
  /** The prefix of every file query: a change to one file reloads them all. */
  all: ['files'] as const,
  list: (kind: FileKind, pageSize: number) => ['files', kind, pageSize] as const,
  products: (id: string | undefined) => ['files', 'products', id] as const,
};

/** One page of files per fetch; Load More appends the next. Refreshes while any image is processing. */
export function useFiles(pageSize: number, kind: FileKind = 'all') {
  return useInfiniteQuery({
    queryKey: fileKeys.list(kind, pageSize),
    queryFn: ({ pageParam }) =>
      api<FileList>('GET', FILES_API.files, { query: { limit: pageSize, offset: pageParam, kind } }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((f) => f.status === 'processing')) ? 2000 : false,
  });
}

/** The digital products delivering a file, for its detail panel (none asked while no file is chosen). */
export function useFileProducts(id: string | undefined) {
  return useQuery({
    queryKey: fileKeys.products(id),
    queryFn: () =>
      api<{ products: FileProductView[] }>('GET', FILES_API.products(id!)).then((r) => r.products),
    enabled: id !== undefined,
  });
}

export function useUpdateFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: UpdateFile & { id: string }) =>
      api<FileView>('PATCH', FILES_API.file(id), { body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', FILES_API.file(id)),
    onSettled: () => client.invalidateQueries({ queryKey: fileKeys.all }),
  });
}
