import { useId } from 'react';
import { analyticsMessages as m } from './analytics-messages';
import type { AnalyticsReport } from './types';

const W = 640;
const BAR = 28;
const GAP = 12;
const LABEL = 130;

const share = (count: number, first: number) => (first > 0 ? `${Math.round((count / first) * 100)}%` : '—');

/** The four funnel steps as horizontal bars (inline SVG), with the numbers in a hidden table. */
export function FunnelChart({ funnel }: { funnel: AnalyticsReport['funnel'] }) {
  const id = useId();
  const max = Math.max(1, ...funnel.map((s) => s.count));
  const first = funnel[0]?.count ?? 0;
  const height = funnel.length * (BAR + GAP);
  return (
    <figure className="ed-analytics__card ed-analytics__chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="ed-analytics__heading">
        {m.funnelChart}
      </figcaption>
      <p className="ed-analytics__note">{m.funnelNote}</p>
      <svg viewBox={`0 0 ${W} ${height}`} className="ed-analytics__svg" aria-hidden="true" focusable="false">
        {funnel.map((s, i) => {
          const y = i * (BAR + GAP);
          const width = ((W - LABEL - 80) * s.count) / max;
          return (
            <g key={s.step}>
              <text x={0} y={y + BAR / 2 + 5} className="ed-analytics__tick">
                {m.steps[s.step]}
              </text>
              <rect
                x={LABEL}
                y={y}
                width={Math.max(width, 2)}
                height={BAR}
                rx={4}
                className="ed-analytics__bar"
              />
              <text x={LABEL + Math.max(width, 2) + 8} y={y + BAR / 2 + 5} className="ed-analytics__tick">
                {s.count} ({share(s.count, first)})
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{m.funnelChart}</caption>
        <thead>
          <tr>
            <th scope="col">{m.funnelChart}</th>
            <th scope="col">{m.count}</th>
            <th scope="col">{m.ofFirst}</th>
          </tr>
        </thead>
        <tbody>
          {funnel.map((s) => (
            <tr key={s.step}>
              <th scope="row">{m.steps[s.step]}</th>
              <td>{s.count}</td>
              <td>{share(s.count, first)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
