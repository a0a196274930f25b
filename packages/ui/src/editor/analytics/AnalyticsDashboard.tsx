import { EmptyState } from '../EmptyState';
import { analyticsMessages as m } from './analytics-messages';
import { DateRangePicker } from './DateRangePicker';
import { FunnelChart } from './FunnelChart';
import { KpiTiles } from './KpiTiles';
import { RankedTable } from './RankedTable';
import { TrafficChart } from './TrafficChart';
import type { AnalyticsReport, DateRange } from './types';
import { VitalsTable } from './VitalsTable';

export interface AnalyticsDashboardProps {
  range: DateRange;
  /** Today in the site's time zone, YYYY-MM-DD: presets end on it. */
  today: string;
  onRangeChange: (range: DateRange) => void;
  report?: AnalyticsReport;
  isLoading?: boolean;
  /** A message to show instead of the report. */
  error?: string;
}

const hasData = (r: AnalyticsReport) =>
  r.totals.pageViews > 0 || r.totals.orders > 0 || r.vitals.length > 0 || r.funnel.some((s) => s.count > 0);

/** The analytics screen: range picker, headline numbers, charts and tables for one period. */
export function AnalyticsDashboard({
  range,
  today,
  onRangeChange,
  report,
  isLoading,
  error,
}: AnalyticsDashboardProps) {
  return (
    <section className="ed-analytics" aria-labelledby="ed-analytics-title" aria-busy={isLoading || undefined}>
      <div className="ed-analytics__toolbar">
        <h1 id="ed-analytics-title" className="ed-analytics__title">
          {m.title}
        </h1>
        <DateRangePicker value={range} today={today} onChange={onRangeChange} />
      </div>
      {error ? (
        <p role="alert" className="ed-analytics__error">
          {error}
        </p>
      ) : !report ? (
        isLoading && <p className="ed-analytics__note">{m.loading}</p>
      ) : !hasData(report) ? (
        <EmptyState title={m.noData}>{m.noDataBody}</EmptyState>
      ) : (
        <>
          <KpiTiles
            totals={report.totals}
            currency={report.currency}
            newVsReturning={report.newVsReturning}
          />
          {range.to >= today && <p className="ed-analytics__note">{m.liveNote}</p>}
          <div className="ed-analytics__grid">
            <TrafficChart daily={report.daily} />
            <FunnelChart funnel={report.funnel} />
            <RankedTable
              title={m.topPages}
              keyLabel={m.page}
              valueLabel={m.kpis.pageViews}
              rows={report.topPages.map((p) => ({ key: p.path, label: p.path, value: p.pageViews }))}
            />
            <RankedTable
              title={m.topReferrers}
              keyLabel={m.referrer}
              valueLabel={m.kpis.visits}
              rows={report.topReferrers.map((r) => ({
                key: r.referrer,
                label: r.referrer || m.direct,
                value: r.visits,
              }))}
            />
            <VitalsTable vitals={report.vitals} />
          </div>
        </>
      )}
    </section>
  );
}
