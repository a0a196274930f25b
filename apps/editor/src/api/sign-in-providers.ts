import {
  SSO_API,
  type SsoConnectionResult,
  type SsoProviderInput,
  type SsoProviderUpdate,
  type SsoSettingsView,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

const providersKey = ['sign-in-providers'] as const;

/** The site's single sign-on providers and the redirect URL to register with them. */
export function useSignInProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: () => api<SsoSettingsView>('GET', SSO_API.providers),
  });
}

/** One change to the providers; the server answers the whole list, which replaces the cached one. */
export type SignInProviderChange =
  | { kind: 'add'; input: SsoProviderInput }
  | { kind: 'update'; id: string; input: SsoProviderUpdate }
  | { kind: 'remove'; id: string }
  | { kind: 'enabled'; id: string; enabled: boolean };

export function useChangeSignInProviders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SignInProviderChange) => {
      switch (change.kind) {
        case 'add':
          return api<SsoSettingsView>('POST', SSO_API.providers, { body: change.input });
        case 'update':
          return api<SsoSettingsView>('PUT', SSO_API.provider(change.id), { body: change.input });
        case 'remove':
          return api<SsoSettingsView>('DELETE', SSO_API.provider(change.id));
        case 'enabled':
          return api<SsoSettingsView>('PUT', SSO_API.providerEnabled(change.id), {
            body: { enabled: change.enabled },
          });
      }
    },
    onSuccess: (answer) => client.setQueryData(providersKey, answer),
  });
}

/** "Test connection": what the server found at the issuer, in words an owner can act on. */
export const testSignInProvider = (issuer: string) =>
  api<SsoConnectionResult>('POST', SSO_API.testConnection, { body: { issuer } });
