import { MULTILINGUAL_API, type MultilingualSettings, type SiteLanguage } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const multilingualKeys = {
  settings: ['multilingual', 'settings'] as const,
};

/** The site's languages: the Languages screen edits them, the product form translates into the added ones. */
export function useMultilingualSettings() {
  return useQuery({
    queryKey: multilingualKeys.settings,
    queryFn: () => api<MultilingualSettings>('GET', MULTILINGUAL_API.settings),
  });
}

/**
 * `onSaved` runs after the cache holds the answer. The screen keeps what it reports outside the
 * form, because a change of languages remounts the form.
 */
export function useSaveLanguages(onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (languages: SiteLanguage[]) =>
      api<MultilingualSettings>('PUT', MULTILINGUAL_API.languages, { body: { languages } }),
    onSuccess: (data) => {
      client.setQueryData(multilingualKeys.settings, data);
      onSaved();
    },
  });
}

export function useDisconnectLanguages(onDisconnected: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', MULTILINGUAL_API.connection),
    onSuccess: () => {
      onDisconnected();
      return client.invalidateQueries({ queryKey: multilingualKeys.settings });
    },
  });
}
