import { REDIRECTS_API, type RedirectRuleInput, type RedirectView } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

const redirectsKey = ['redirects'] as const;
type RedirectList = { redirects: RedirectView[] };

export function useRedirects() {
  return useQuery({
    queryKey: redirectsKey,
    queryFn: async () => (await api<RedirectList>('GET', REDIRECTS_API.redirects)).redirects,
  });
}

/** One change to the rules; the server answers the whole list, which replaces the cached one. */
export type RedirectChange =
  | { kind: 'add'; rule: RedirectRuleInput }
  | { kind: 'update'; original: string; rule: RedirectRuleInput }
  | { kind: 'remove'; from: string };

export function useChangeRedirects() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: RedirectChange) => {
      switch (change.kind) {
        case 'add':
          return api<RedirectList>('POST', REDIRECTS_API.redirects, { body: change.rule });
        case 'update':
          return api<RedirectList>('PUT', REDIRECTS_API.redirects, {
            body: { original: change.original, rule: change.rule },
          });
        case 'remove':
          return api<RedirectList>('POST', REDIRECTS_API.remove, { body: { from: change.from } });
      }
    },
    onSuccess: (answer) => client.setQueryData(redirectsKey, answer.redirects),
  });
}
