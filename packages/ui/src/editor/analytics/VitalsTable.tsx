import { useId } from 'react';
import { analyticsMessages as m } from './analytics-messages';
import type { AnalyticsReport, VitalName, VitalRating } from './types';

const METRICS: VitalName[] = ['LCP', 'CLS', 'INP', 'FID'];

const formatValue = (name: VitalName, value: number) =>
  name === 'CLS'
    ? value.toFixed(2)
    : value >= 1000
      ? `${(value / 1000).toFixed(1)} s`
      : `${Math.round(value)} ms`;

/** A rating as words and a colour; the words alone carry the meaning. */
export function RatingBadge({ rating }: { rating: VitalRating }) {
  return <span className={`ed-analytics__badge ed-analytics__badge--${rating}`}>{m.ratings[rating]}</span>;
}

/** The 75th percentile of each core web vital per page, rated with platform.md §9's limits. */
export function VitalsTable({ vitals }: { vitals: AnalyticsReport['vitals'] }) {
  const id = useId();
  return (
    <section className="ed-analytics__card ed-analytics__wide" aria-labelledby={id}>
      <h2 id={id} className="ed-analytics__heading">
        {m.vitals}
      </h2>
      <p className="ed-analytics__note">{m.vitalsNote}</p>
      {vitals.length === 0 ? (
        <p className="ed-analytics__note">{m.none}</p>
      ) : (
        <div className="ed-analytics__scroll">
          <table className="ed-table">
            <thead>
              <tr>
                <th scope="col">{m.page}</th>
                {METRICS.map((name) => (
                  <th key={name} scope="col">
                    <abbr title={m.vitalNames[name]}>{name}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {vitals.map((page) => (
                <tr key={page.path}>
                  <th scope="row" className="ed-analytics__key-cell">
                    {page.path || m.unknownPage}
                  </th>
                  {METRICS.map((name) => {
                    const metric = page.metrics[name];
                    return (
                      <td key={name}>
                        {metric ? (
                          <>
                            <span className="ed-analytics__value">{formatValue(name, metric.p75)}</span>{' '}
                            <RatingBadge rating={metric.rating} />
                            <span className="ed-table__sub">{m.samples(metric.samples)}</span>
                          </>
                        ) : (
                          <span className="ed-analytics__muted">{m.notMeasured}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
