import type { AnalyticsReport } from '@site/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './http';

export const analyticsKeys = {
  report: (tz: string | undefined, from: string, to: string) => ['analytics', tz, from, to] as const,
};

/**
 * The analytics of [from, to] in the site's zone; the last range stays on screen while the next
 * loads. `live`: the range includes today, whose figures the server recomputes every minute.
 */
export function useAnalytics(
  range: { from: string; to: string },
  tz: string | undefined,
  { live }: { live: boolean },
) {
  return useQuery({
    queryKey: analyticsKeys.report(tz, range.from, range.to),
    queryFn: () =>
      api<AnalyticsReport>('GET', '/api/editor/analytics', {
        query: { from: range.from, to: range.to, tz: tz! },
      }),
    enabled: tz !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: live ? 60_000 : false,
  });
}
