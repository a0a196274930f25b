import {
  STORE_API,
  type ShopEmailKind,
  type ShopEmailTemplate,
  type ShopEmailTemplateView,
} from '@site/commerce-core/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const shopEmailKeys = {
  list: ['store', 'emails'] as const,
  preview: (kind: ShopEmailKind, draft: ShopEmailTemplate) =>
    ['store', 'emails', kind, 'preview', draft] as const,
};

/** Every email the shop sends, with the owner's changes, the defaults and a preview of each. */
export function useShopEmails() {
  return useQuery({
    queryKey: shopEmailKeys.list,
    queryFn: async () => (await api<{ emails: ShopEmailTemplateView[] }>('GET', STORE_API.shopEmails)).emails,
  });
}

/**
 * The email as an unsaved draft would send it. A POST that saves nothing, so it is read as a query:
 * one preview per draft, the last one shown while the next renders.
 */
export function useShopEmailPreview(kind: ShopEmailKind, draft: ShopEmailTemplate, enabled: boolean) {
  return useQuery({
    queryKey: shopEmailKeys.preview(kind, draft),
    queryFn: ({ signal }) =>
      api<ShopEmailTemplateView['preview']>('POST', STORE_API.shopEmailPreview(kind), {
        body: draft,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

function replaceInList(client: ReturnType<typeof useQueryClient>, view: ShopEmailTemplateView) {
  client.setQueryData<ShopEmailTemplateView[]>(shopEmailKeys.list, (list) =>
    list?.map((e) => (e.kind === view.kind ? view : e)),
  );
}

/** Saves one email's subject, opening text and colour; an empty field follows the default. */
export function useSaveShopEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, template }: { kind: ShopEmailKind; template: ShopEmailTemplate }) =>
      api<ShopEmailTemplateView>('PUT', STORE_API.shopEmail(kind), { body: template }),
    onSuccess: (view) => replaceInList(client, view),
  });
}

/** Forgets the owner's changes to one email: it goes back to the default wording and colour. */
export function useRestoreShopEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: ShopEmailKind) => api<ShopEmailTemplateView>('DELETE', STORE_API.shopEmail(kind)),
    onSuccess: (view) => replaceInList(client, view),
  });
}

/** Sends the saved email on the sample order to the signed-in member's own address. */
export function useSendTestShopEmail() {
  return useMutation({
    mutationFn: (kind: ShopEmailKind) =>
      api<{ to: string; message: string }>('POST', STORE_API.shopEmailTest(kind)),
  });
}
