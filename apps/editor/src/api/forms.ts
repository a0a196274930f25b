import {
  FORMS_API,
  type EditorForm,
  type FormEditorFeatures,
  type FormListItem,
  type SubmissionDetail,
  type SubmissionListPage,
} from '@site/forms';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

export const formKeys = {
  forms: ['forms'] as const,
  form: (id: string) => ['forms', id] as const,
  submissions: (id: string) => ['forms', id, 'submissions'] as const,
  submission: (id: string, sid: string) => ['forms', id, 'submissions', sid] as const,
};

export interface OpenedForm {
  form: EditorForm & { id: string };
  updatedAt: string;
  features: FormEditorFeatures;
}

export function useForms() {
  return useQuery({
    queryKey: formKeys.forms,
    queryFn: async () => (await api<{ forms: FormListItem[] }>('GET', FORMS_API.forms)).forms,
  });
}

export function useForm(id: string) {
  return useQuery({
    queryKey: formKeys.form(id),
    queryFn: () => api<OpenedForm>('GET', FORMS_API.form(id)),
    retry: false,
  });
}

/** A form's submissions, newest first, a page at a time (the server's keyset cursor). */
export function useSubmissions(id: string) {
  return useInfiniteQuery({
    queryKey: formKeys.submissions(id),
    queryFn: ({ pageParam }) =>
      api<SubmissionListPage>(
        'GET',
        FORMS_API.submissions(id),
        pageParam ? { query: { cursor: pageParam } } : {},
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
  });
}

export function useSubmission(id: string, submissionId: string | undefined) {
  return useQuery({
    queryKey: formKeys.submission(id, submissionId ?? ''),
    queryFn: () => api<SubmissionDetail>('GET', FORMS_API.submission(id, submissionId!)),
    enabled: Boolean(submissionId),
  });
}

export function useFormMutations() {
  const client = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (name: string) => api<{ id: string }>('POST', FORMS_API.forms, { body: { name } }),
      // The page editor's form picker and preview read the forms from the preview kit.
      onSuccess: () =>
        Promise.all([
          client.invalidateQueries({ queryKey: formKeys.forms }),
          client.invalidateQueries({ queryKey: editorSiteKeys.site }),
        ]),
    }),
    save: useMutation({
      mutationFn: ({ id, form }: { id: string; form: EditorForm }) =>
        api<OpenedForm>('PUT', FORMS_API.form(id), { body: form }),
      onSuccess: (opened, { id }) => {
        client.setQueryData(formKeys.form(id), opened);
        return Promise.all([
          client.invalidateQueries({ queryKey: formKeys.forms }),
          client.invalidateQueries({ queryKey: editorSiteKeys.site }),
        ]);
      },
    }),
  };
}
