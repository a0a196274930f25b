import {
  TEMPLATES_API,
  type SaveTemplate,
  type TemplateSource,
  type TemplateSummary,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

export const templateKeys = {
  /** The template list; also the prefix of every template's own key. */
  all: ['templates'] as const,
  template: (name: string) => ['templates', name] as const,
};

export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: () => api<{ templates: TemplateSummary[] }>('GET', TEMPLATES_API.list).then((r) => r.templates),
  });
}

export function useTemplate(name: string) {
  return useQuery({
    queryKey: templateKeys.template(name),
    queryFn: () => api<TemplateSource>('GET', TEMPLATES_API.one(name)),
    enabled: name !== '',
    staleTime: Infinity,
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...body }: SaveTemplate & { name: string }) =>
      api<TemplateSource>('PUT', TEMPLATES_API.one(name), { body }),
    onSuccess: async (saved) => {
      client.setQueryData(templateKeys.template(saved.name), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: templateKeys.all, exact: true }),
        client.invalidateQueries({ queryKey: editorSiteKeys.site }),
      ]);
    },
  });
}
