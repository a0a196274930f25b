import { COOKIE_CONSENT_API, type CookieConsent } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

const consentKey = ['cookie-consent'] as const;

/** How the storefront asks visitors about cookies. Owner and admins. */
export function useCookieConsent() {
  return useQuery({
    queryKey: consentKey,
    queryFn: () => api<CookieConsent>('GET', COOKIE_CONSENT_API),
  });
}

export function useSaveCookieConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: CookieConsent) => api<CookieConsent>('PUT', COOKIE_CONSENT_API, { body: choice }),
    onSuccess: (saved) => client.setQueryData(consentKey, saved),
  });
}
