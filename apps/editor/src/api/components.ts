import {
  COMPONENTS_API,
  type CreateComponent,
  type UpdateComponent,
  type WebsiteComponent,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const componentKeys = { all: ['components'] as const };

/** The site's website components with their blocks and where each is used. */
export function useComponents() {
  return useQuery({
    queryKey: componentKeys.all,
    queryFn: async () =>
      (await api<{ components: WebsiteComponent[] }>('GET', COMPONENTS_API.list)).components,
  });
}

export function useCreateComponent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateComponent) =>
      api<WebsiteComponent>('POST', COMPONENTS_API.list, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: componentKeys.all }),
  });
}

export function useUpdateComponent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateComponent & { id: string }) =>
      api<WebsiteComponent>('PUT', COMPONENTS_API.one(id), { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: componentKeys.all }),
  });
}

export function useDeleteComponent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<void>('DELETE', `${COMPONENTS_API.one(id)}?version=${version}`),
    onSuccess: () => client.invalidateQueries({ queryKey: componentKeys.all }),
  });
}
