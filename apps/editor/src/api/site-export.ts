import { latestSiteExportSchema, SITE_EXPORT_API, siteExportSchema } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobRequest } from './http';

const latestKey = ['site-export'] as const;

/** The latest export of the site, asked again every second while its job runs. */
export function useLatestSiteExport() {
  return useQuery({
    queryKey: latestKey,
    queryFn: async () =>
      (await jobRequest((body) => latestSiteExportSchema.parse(body), 'GET', SITE_EXPORT_API.exports)).export,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
}

export function useStartSiteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      jobRequest((body) => siteExportSchema.parse(body), 'POST', SITE_EXPORT_API.exports, { body: {} }),
    onSuccess: (started) => client.setQueryData(latestKey, started),
  });
}

/** Where the browser downloads a ready export (a plain link: the session cookie signs it). */
export const siteExportDownloadUrl = (id: string) => SITE_EXPORT_API.download(id);
