import { analyticsMessages as m } from './analytics-messages';
import type { AnalyticsReport } from './types';

const count = new Intl.NumberFormat('en-US');

/** Minor units to money: the currency decides how many digits a minor unit is (JPY none). */
export function formatMinor(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** The period's headline numbers, each a term and its value. */
export function KpiTiles({
  totals,
  currency,
  newVsReturning,
}: Pick<AnalyticsReport, 'totals' | 'currency' | 'newVsReturning'>) {
  const tiles: [string, string][] = [
    [m.kpis.visits, count.format(totals.visits)],
    [m.kpis.uniqueVisitors, count.format(totals.uniqueVisitors)],
    [m.kpis.newVisits, count.format(newVsReturning.new)],
    [m.kpis.returningVisits, count.format(newVsReturning.returning)],
    [m.kpis.pageViews, count.format(totals.pageViews)],
    [m.kpis.orders, count.format(totals.orders)],
    [m.kpis.revenue, formatMinor(totals.revenueCents, currency)],
  ];
  return (
    <dl className="ed-analytics__kpis">
      {tiles.map(([label, value]) => (
        <div key={label} className="ed-analytics__kpi">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
