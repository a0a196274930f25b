import {
  MEMBER_AREAS_API,
  type MemberArea,
  type MemberAreaInput,
  type MemberAreaList,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const memberAreaKeys = { all: ['member-areas'] as const };

const areaUrl = (id: string) => MEMBER_AREAS_API.area.replace(':id', encodeURIComponent(id));

export function useMemberAreas() {
  return useQuery({
    queryKey: memberAreaKeys.all,
    queryFn: async () => (await api<MemberAreaList>('GET', MEMBER_AREAS_API.list)).areas,
  });
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
