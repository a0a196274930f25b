import { useId } from 'react';
import { analyticsMessages as m } from './analytics-messages';

export interface RankedTableProps {
  title: string;
  keyLabel: string;
  valueLabel: string;
  rows: { key: string; label: string; value: number }[];
}

/** Top pages or referrers: a captioned table, or a line saying there were none. */
export function RankedTable({ title, keyLabel, valueLabel, rows }: RankedTableProps) {
  const id = useId();
  return (
    <section className="ed-analytics__card" aria-labelledby={id}>
      <h2 id={id} className="ed-analytics__heading">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="ed-analytics__note">{m.none}</p>
      ) : (
        <table className="ed-table">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="ed-analytics__num">
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className="ed-analytics__key-cell">
                  {r.label}
                </th>
                <td className="ed-analytics__num">{r.value.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
