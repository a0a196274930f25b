import { EDITOR_API, type EditorMe } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, setXsrfToken } from './http';
import { spendHandoffFromUrl } from './site-admin';

export const sessionKeys = {
  me: ['me'] as const,
};

export function useMe() {
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: async () => {
      // A new site's first visit carries a sign-in token to spend before asking who is signed in.
      await spendHandoffFromUrl();
      try {
        const me = await api<EditorMe>('GET', EDITOR_API.me);
        setXsrfToken(me.xsrfToken);
        return me;
      } catch (error) {
        // Signed out is an answer, not an error: the sign-in screen shows.
        if (error instanceof ApiError && error.status === 401) {
          setXsrfToken(undefined);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; rememberMe: boolean }) =>
      api<{ xsrfToken: string }>('POST', EDITOR_API.session, { body: input }),
    onSuccess: async ({ xsrfToken }) => {
      setXsrfToken(xsrfToken);
      await client.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', EDITOR_API.session, { query: { cloneCart: true } }),
    onSettled: () => {
      setXsrfToken(undefined);
      client.setQueryData(sessionKeys.me, null);
      // Everything read as the signed-out owner goes; only the (now empty) session stays.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.me[0] });
    },
  });
}
