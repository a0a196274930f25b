import {
  type AreaMemberPage,
  type AreaMemberState,
  MEMBER_AREAS_API,
  type MemberArea,
  type MemberAreaInput,
  type MemberAreaList,
} from '@site/page-content';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const memberAreaKeys = {
  all: ['member-areas'] as const,
  members: (areaId: string, state?: AreaMemberState) =>
    ['member-areas', areaId, 'members', ...(state ? [state] : [])] as const,
};

const areaUrl = (id: string) => MEMBER_AREAS_API.area.replace(':id', encodeURIComponent(id));

const listAreas = () => api<MemberAreaList>('GET', MEMBER_AREAS_API.list);

export function useMemberAreas() {
  return useQuery({ queryKey: memberAreaKeys.all, queryFn: listAreas, select: (list) => list.areas });
}

/** The store's currency, in which the owner types an area's price (one read with the areas). */
export function useMemberAreaCurrency() {
  return useQuery({ queryKey: memberAreaKeys.all, queryFn: listAreas, select: (list) => list.currency });
}

/** Create, change and remove; each reloads the areas (and their member counts). */
export function useMemberAreaMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: memberAreaKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: MemberAreaInput) => api<MemberArea>('POST', MEMBER_AREAS_API.list, { body: input }),
      onSuccess: refresh,
    }),
    save: useMutation({
      mutationFn: ({ id, input }: { id: string; input: MemberAreaInput }) =>
        api<MemberArea>('PUT', areaUrl(id), { body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>('DELETE', areaUrl(id)),
      onSuccess: refresh,
    }),
  };
}

/**
 * An area's members, newest first (only those in `state` when given: paying, lapsed, free); Show
 * more asks for the page after the last one read.
 */
export function useAreaMembers(areaId: string, state?: AreaMemberState) {
  return useInfiniteQuery({
    queryKey: memberAreaKeys.members(areaId, state),
    queryFn: ({ pageParam }) =>
      api<AreaMemberPage>('GET', MEMBER_AREAS_API.members.replace(':id', encodeURIComponent(areaId)), {
        query: { ...(pageParam ? { after: pageParam } : {}), ...(state ? { state } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next,
  });
}

/** Takes someone out of an area; reloads its members and the areas' counts. */
export function useRemoveAreaMember(areaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      api<void>(
        'DELETE',
        MEMBER_AREAS_API.member
          .replace(':id', encodeURIComponent(areaId))
          .replace(':memberId', encodeURIComponent(memberId)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: memberAreaKeys.all }),
  });
}
