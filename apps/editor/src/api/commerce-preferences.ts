import {
  preferencesDiffer,
  STORE_API,
  type CommercePreferenceNamespace,
  type CommercePreferences,
} from '@site/commerce-core/admin';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reportEditorError } from './error-reporting';
import { api } from './http';

export const commercePreferenceKeys = {
  preferences: (namespace: CommercePreferenceNamespace) => ['commerce-preferences', namespace] as const,
};

export function useCommercePreferences(namespace: CommercePreferenceNamespace) {
  return useQuery({
    queryKey: commercePreferenceKeys.preferences(namespace),
    queryFn: () => api<CommercePreferences>('GET', STORE_API.commercePreferences(namespace)),
  });
}

/**
 * platform.md §5 and §8: a write is skipped when no value differs from the cached one, and a
 * failed write is reported to error tracking and rethrown to the caller.
 */
export async function saveCommercePreferences(
  client: QueryClient,
  namespace: CommercePreferenceNamespace,
  fields: CommercePreferences,
  put = (body: CommercePreferences) =>
    api<CommercePreferences>('PUT', STORE_API.commercePreferences(namespace), { body }),
): Promise<CommercePreferences> {
  const key = commercePreferenceKeys.preferences(namespace);
  const cached = client.getQueryData<CommercePreferences>(key);
  if (cached && !preferencesDiffer(cached, fields)) return cached;
  try {
    const saved = await put(fields);
    client.setQueryData(key, saved);
    return saved;
  } catch (error) {
    reportEditorError(`commerce_preferences_${namespace}`, error);
    throw error;
  }
}

export function useSaveCommercePreferences(namespace: CommercePreferenceNamespace) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: CommercePreferences) => saveCommercePreferences(client, namespace, fields),
  });
}
