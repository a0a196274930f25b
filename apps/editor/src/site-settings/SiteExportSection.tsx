import { SiteExportPanel } from '@site/ui';
import { siteExportDownloadUrl, useLatestSiteExport, useStartSiteExport } from '../api/site-export';

/** Settings' export panel on the server: the latest export, polled while its job runs. */
export function SiteExportSection() {
  const latest = useLatestSiteExport();
  const start = useStartSiteExport();
  return (
    <SiteExportPanel
      latest={latest.isPending ? undefined : (latest.data ?? null)}
      loadError={latest.error?.message}
      startError={start.error?.message}
      starting={start.isPending}
      downloadUrl={latest.data?.status === 'ready' ? siteExportDownloadUrl(latest.data.id) : undefined}
      onStart={() => start.mutate()}
      onRetryLoad={() => void latest.refetch()}
    />
  );
}
