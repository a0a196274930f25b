import { AnalyticsDashboard, presetRange, type DateRange } from '@site/ui';
import { useState } from 'react';
import { useAnalytics } from '../api/analytics';
import { useEditorSite } from '../api/editor-site';
import { errorMessage } from '../screen-kit/save-state';

const dayIn = (tz: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Visits, sales, the funnel and page speed of the site, over days counted in the site's time zone. */
export function AnalyticsScreen() {
  const site = useEditorSite();
  const tz = site.data?.website.timeZone;
  const today = dayIn(tz);
  const [range, setRange] = useState<DateRange>(() => presetRange('30', today));
  const report = useAnalytics(range, tz, { live: range.to >= today });
  const error = site.error ?? report.error;
  return (
    <div className="ed-screen">
      <AnalyticsDashboard
        range={range}
        today={today}
        onRangeChange={setRange}
        report={report.data}
        isLoading={site.isPending || report.isFetching}
        error={error ? errorMessage(error) : undefined}
      />
    </div>
  );
}
