import { SITES_API, type CaptchaSettings } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

// A module of its own so only the site settings screen's chunk carries it, not the first load.
const captchaKey = ['site-captcha'] as const;

/** The site's captcha site key ('' while the captcha is off). Owner only. */
export function useCaptchaSettings() {
  return useQuery({
    queryKey: captchaKey,
    queryFn: () => api<CaptchaSettings>('GET', SITES_API.captcha),
  });
}

export function useSaveCaptchaSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CaptchaSettings) => api<CaptchaSettings>('PUT', SITES_API.captcha, { body: input }),
    onSuccess: (saved) => client.setQueryData(captchaKey, saved),
  });
}
