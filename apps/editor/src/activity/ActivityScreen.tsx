import { mayDo } from '@site/page-content';
import { ActivityPanel, type ActivityFilters } from '@site/ui';
import { useState } from 'react';
import { useActivity } from '../api/activity';
import { ApiError } from '../api/http';
import { useMe } from '../api/session';
import { useSiteTimeZone } from '../api/site-time-zone';

/** /config/activity: who did what on the site, and when. The owner's and admins' (read-activity). */
export function ActivityScreen() {
  const me = useMe();
  const canRead = mayDo(me.data?.roles ?? [], 'read-activity');
  const [filters, setFilters] = useState<ActivityFilters>({});
  const log = useActivity(
    Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>,
    canRead,
  );
  const timeZone = useSiteTimeZone();
  // A refused filter (a range ending before it starts) is the owner's to fix, not a failed load.
  const refused = log.error instanceof ApiError && log.error.status === 400;
  const pages = log.data?.pages;
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Activity</h1>
      </header>
      {!canRead ? (
        <p className="ed-banner" role="status">
          Only the site’s owner or an admin can read the activity log.
        </p>
      ) : (
        <ActivityPanel
          entries={pages?.flatMap((p) => p.entries)}
          people={pages?.[0]?.people}
          filters={filters}
          onFiltersChange={setFilters}
          isLoading={log.isPending && !log.error}
          loadError={log.error && !refused ? log.error.message : undefined}
          filterError={refused ? log.error?.message : undefined}
          onRetry={() => void log.refetch()}
          hasMore={log.hasNextPage}
          isLoadingMore={log.isFetchingNextPage}
          onLoadMore={() => void log.fetchNextPage()}
          timeZone={timeZone.zone}
        />
      )}
    </div>
  );
}
