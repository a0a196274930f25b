import { SITE_PROFILE_API, type SiteProfileInput, type SiteProfileView } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

const profileKey = ['site-profile'] as const;

/** The site's name, icon, locale, time zone and business details. Owner and admins. */
export function useSiteProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api<SiteProfileView>('GET', SITE_PROFILE_API.profile),
  });
}

function useProfileMutation<T>(send: (input: T) => Promise<SiteProfileView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      client.setQueryData(profileKey, saved);
      // The top bar shows the site's name from the editor's copy of the site.
      void client.invalidateQueries({ queryKey: editorSiteKeys.site });
    },
  });
}

export const useSaveSiteProfile = () =>
  useProfileMutation((input: SiteProfileInput) =>
    api<SiteProfileView>('PUT', SITE_PROFILE_API.profile, { body: input }),
  );

export const useUploadSiteIcon = () =>
  useProfileMutation((file: File) => api<SiteProfileView>('PUT', SITE_PROFILE_API.icon, { file }));

export const useRemoveSiteIcon = () =>
  useProfileMutation(() => api<SiteProfileView>('DELETE', SITE_PROFILE_API.icon));

export const useUploadSiteLogo = () =>
  useProfileMutation((file: File) => api<SiteProfileView>('PUT', SITE_PROFILE_API.logo, { file }));

export const useRemoveSiteLogo = () =>
  useProfileMutation(() => api<SiteProfileView>('DELETE', SITE_PROFILE_API.logo));
