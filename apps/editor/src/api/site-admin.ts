import {
  SITES_API,
  type CreatedSite,
  type RemovedSiteFound,
  type RestoredSite,
  type RestoreSiteRequest,
  type SiteDomain,
  type SiteSignUp,
} from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, setXsrfToken } from './http';

const domainsKey = ['site-domains'] as const;

/** Creates a site; the answer's signInUrl opens its editor on its own host, signed in. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SiteSignUp) => api<CreatedSite>('POST', SITES_API.sites, { body: input }),
  });
}

let handoffProblem: string | undefined;
/** Why the sign-in link that opened the editor did not sign anyone in, for the sign-in screen. */
export const lastHandoffProblem = () => handoffProblem;

/**
 * A new site's editor opens at `/config#handoff=<token>`: the token is taken off the address at
 * once (so it is neither bookmarked nor shared) and exchanged for a session on this host.
 */
export async function spendHandoffFromUrl(): Promise<void> {
  const match = /^#handoff=([\w-]+)$/.exec(window.location.hash);
  if (!match) return;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  try {
    const { xsrfToken } = await api<{ xsrfToken: string }>('POST', SITES_API.handoff, {
      body: { token: match[1] },
    });
    setXsrfToken(xsrfToken);
    handoffProblem = undefined;
  } catch (error) {
    handoffProblem = error instanceof Error ? error.message : String(error);
  }
}

export function useDomains() {
  return useQuery({
    queryKey: domainsKey,
    queryFn: async () => (await api<{ domains: SiteDomain[] }>('GET', SITES_API.domains)).domains,
  });
}

export function useAddDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => api<SiteDomain>('POST', SITES_API.domains, { body: { host } }),
    onSuccess: () => client.invalidateQueries({ queryKey: domainsKey }),
  });
}

export function useVerifyDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => api<SiteDomain>('POST', SITES_API.verifyDomain(host)),
    onSuccess: () => client.invalidateQueries({ queryKey: domainsKey }),
  });
}

export function useRemoveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => api<{ removed: true }>('DELETE', SITES_API.domain(host)),
    onSuccess: () => client.invalidateQueries({ queryKey: domainsKey }),
  });
}

/** Removes the whole site (the owner typed its title); its address answers 404 afterwards. */
export function useRemoveSite() {
  return useMutation({
    mutationFn: (confirmTitle: string) =>
      api<{ removed: true; restorableUntil: string; restoreUrl: string }>('DELETE', SITES_API.site, {
        body: { confirmTitle },
      }),
  });
}

/** A removed site of the owner's, by its address and their email and password, with the days left. */
export function useFindRemovedSite() {
  return useMutation({
    mutationFn: (input: RestoreSiteRequest) =>
      api<RemovedSiteFound>('POST', SITES_API.removedSite, { body: input }),
  });
}

/** Restores it; the answer's signInUrl opens its editor on its own host, signed in. */
export function useRestoreSite() {
  return useMutation({
    mutationFn: (input: RestoreSiteRequest) =>
      api<RestoredSite>('POST', SITES_API.restoreSite, { body: input }),
  });
}
