import { useId } from 'react';
import { analyticsMessages as m } from './analytics-messages';
import type { AnalyticsReport } from './types';

const W = 640;
const H = 200;
const PAD = { left: 40, right: 12, top: 12, bottom: 24 };

const formatDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function points(values: number[], max: number): string {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = values.length > 1 ? innerW / (values.length - 1) : 0;
  return values
    .map(
      (v, i) => `${(PAD.left + i * step).toFixed(1)},${(PAD.top + innerH - (v / max) * innerH).toFixed(1)}`,
    )
    .join(' ');
}

/**
 * Visits and page views per day as an inline SVG line chart. The drawing is for sighted readers;
 * the same numbers are in a visually hidden table that screen readers read instead.
 */
export function TrafficChart({ daily }: { daily: AnalyticsReport['daily'] }) {
  const id = useId();
  const max = Math.max(1, ...daily.map((d) => Math.max(d.visits, d.pageViews)));
  const first = daily[0];
  const last = daily[daily.length - 1];
  return (
    <figure className="ed-analytics__card ed-analytics__chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="ed-analytics__heading">
        {m.trafficChart}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="ed-analytics__svg" aria-hidden="true" focusable="false">
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={H - PAD.bottom}
          y2={H - PAD.bottom}
          className="ed-analytics__axis"
        />
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top} y2={PAD.top} className="ed-analytics__gridline" />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="ed-analytics__tick">
          {max}
        </text>
        <text x={PAD.left - 6} y={H - PAD.bottom + 4} textAnchor="end" className="ed-analytics__tick">
          0
        </text>
        {first && (
          <text x={PAD.left} y={H - 6} className="ed-analytics__tick">
            {formatDay(first.date)}
          </text>
        )}
        {last && last !== first && (
          <text x={W - PAD.right} y={H - 6} textAnchor="end" className="ed-analytics__tick">
            {formatDay(last.date)}
          </text>
        )}
        <polyline
          points={points(
            daily.map((d) => d.pageViews),
            max,
          )}
          className="ed-analytics__line ed-analytics__line--views"
        />
        <polyline
          points={points(
            daily.map((d) => d.visits),
            max,
          )}
          className="ed-analytics__line ed-analytics__line--visits"
        />
      </svg>
      <p className="ed-analytics__legend" aria-hidden="true">
        <span className="ed-analytics__key ed-analytics__key--visits">{m.kpis.visits}</span>
        <span className="ed-analytics__key ed-analytics__key--views">{m.kpis.pageViews}</span>
      </p>
      <table className="visually-hidden">
        <caption>{m.trafficChart}</caption>
        <thead>
          <tr>
            <th scope="col">{m.date}</th>
            <th scope="col">{m.kpis.visits}</th>
            <th scope="col">{m.kpis.pageViews}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date)}</th>
              <td>{d.visits}</td>
              <td>{d.pageViews}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
