import { MAILING_API, type MailingListView, type SubscriberPage } from '@site/page-content';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const mailingListKeys = {
  /** The lists; also the prefix of every list's subscribers. */
  lists: ['mailing-lists'] as const,
  subscribers: (listId: string, search: string) => ['mailing-lists', listId, 'subscribers', search] as const,
};

export function useMailingLists() {
  return useQuery({
    queryKey: mailingListKeys.lists,
    queryFn: async () => (await api<{ lists: MailingListView[] }>('GET', MAILING_API.lists)).lists,
  });
}

/** A list's subscribers, newest consent first, a page at a time (the server's keyset cursor). */
export function useSubscribers(listId: string, search: string) {
  return useInfiniteQuery({
    queryKey: mailingListKeys.subscribers(listId, search),
    queryFn: ({ pageParam }) =>
      api<SubscriberPage>('GET', MAILING_API.subscribers(listId), {
        query: { ...(search && { search }), ...(pageParam && { cursor: pageParam }) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
    enabled: listId !== '',
  });
}

/** Create, rename and delete; every change reloads the lists (and their subscriber counts). */
export function useListMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: mailingListKeys.lists });
  return {
    create: useMutation({
      mutationFn: (name: string) => api<MailingListView>('POST', MAILING_API.lists, { body: { name } }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api<MailingListView>('PATCH', MAILING_API.list(id), { body: { name } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>('DELETE', MAILING_API.list(id)),
      onSuccess: refresh,
    }),
  };
}
