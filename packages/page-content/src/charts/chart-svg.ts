import { cellNumber, datasetError, truncateDataset, type Dataset } from './dataset';

export const CHART_TYPES = ['bar', 'line'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Series colours, dark enough for 3:1 against white (WCAG non-text contrast). */
export const SERIES_COLOURS = [
  '#1a5fb4',
  '#c64600',
  '#26734d',
  '#8f3f97',
  '#a51d2d',
  '#5e5c64',
  '#986a00',
  '#0b7285',
];

const WIDTH = 640;
const HEIGHT = 320;
const PAD = { top: 16, right: 16, bottom: 48, left: 56 };

/** Round numbers for the value axis: 0 and 4 steps of 1, 2 or 5 × 10^n covering the data. */
export function niceTicks(min: number, max: number): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  if (lo === hi) return [0, 1];
  const raw = (hi - lo) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  // Values too close together (or too tiny) for round steps: the range itself is the axis.
  if (!Number.isFinite(step) || step <= 0 || (hi - lo) / step > 10) return [lo, hi];
  let first = Math.floor(lo / step) * step;
  // lo / step can underflow to -0 for a value just below zero.
  if (first > lo) first -= step;
  const ticks: number[] = [];
  for (let i = 0; i < 12; i++) {
    const t = first + i * step;
    ticks.push(Number(t.toPrecision(12)));
    if (t >= hi) break;
  }
  if (ticks.at(-1)! < hi) ticks.push(hi);
  return ticks;
}

const fmt = (n: number) => Number(n.toFixed(2)).toLocaleString('en-US');
const r1 = (n: number) => Math.round(n * 10) / 10;

export interface ChartView {
  width: number;
  height: number;
  /** One sentence for the image's accessible name. */
  description: string;
  gridlines: { y: number; label: string; labelY: number }[];
  baselineY: number;
  bars: { x: number; y: number; width: number; height: number; fill: string; title: string }[];
  lines: { points: string; stroke: string; dots: { cx: number; cy: number; title: string }[] }[];
  xLabels: { x: number; y: number; text: string }[];
  legend: { label: string; colour: string }[];
  table: { header: string[]; rows: { label: string; cells: string[] }[] };
  truncated: boolean;
}

/**
 * Everything the chart block's template draws, computed on the server: bar rectangles or line
 * points in a 640 × 320 view box (it scales to the column), the axis, a legend and the data
 * table that stands in for the picture. Undefined when the dataset cannot be drawn.
 */
export function chartView(input: Dataset, type: ChartType, title: string): ChartView | undefined {
  const { dataset, truncated } = truncateDataset(input);
  if (datasetError(dataset)) return undefined;
  const { columns, rows } = dataset;
  const values = rows.map((r) => columns.map((_, i) => cellNumber(r.values[i])!));
  const flat = values.flat();
  const ticks = niceTicks(Math.min(...flat), Math.max(...flat));
  const lo = ticks[0]!;
  const hi = ticks.at(-1)!;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - ((v - lo) / (hi - lo)) * plotH;
  const band = plotW / rows.length;
  const labelEvery = Math.ceil(rows.length / 12);

  const bars: ChartView['bars'] = [];
  const lines: ChartView['lines'] = [];
  if (type === 'bar') {
    const inner = band * 0.8;
    const barW = inner / columns.length;
    values.forEach((row, ri) =>
      row.forEach((v, ci) => {
        const top = y(Math.max(0, v));
        bars.push({
          x: r1(PAD.left + ri * band + band * 0.1 + ci * barW),
          y: r1(top),
          width: r1(Math.max(barW - 1, 1)),
          height: r1(Math.abs(y(v) - y(0))),
          fill: SERIES_COLOURS[ci % SERIES_COLOURS.length]!,
          title: `${rows[ri]!.label}, ${columns[ci]}: ${fmt(v)}`,
        });
      }),
    );
  } else {
    columns.forEach((column, ci) => {
      const dots = values.map((row, ri) => ({
        cx: r1(PAD.left + ri * band + band / 2),
        cy: r1(y(row[ci]!)),
        title: `${rows[ri]!.label}, ${column}: ${fmt(row[ci]!)}`,
      }));
      lines.push({
        points: dots.map((d) => `${d.cx},${d.cy}`).join(' '),
        stroke: SERIES_COLOURS[ci % SERIES_COLOURS.length]!,
        dots,
      });
    });
  }
  const seriesText = columns.join(', ');
  return {
    width: WIDTH,
    height: HEIGHT,
    description: `${title ? `${title}: ` : ''}${type} chart of ${seriesText} for ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}, from ${fmt(Math.min(...flat))} to ${fmt(Math.max(...flat))}. The data table follows.`,
    gridlines: ticks.map((t) => ({ y: r1(y(t)), labelY: r1(y(t) + 4), label: fmt(t) })),
    baselineY: r1(y(0)),
    bars,
    lines,
    xLabels: rows.flatMap((r, i) =>
      i % labelEvery === 0
        ? [
            {
              x: r1(PAD.left + i * band + band / 2),
              y: HEIGHT - PAD.bottom + 18,
              text: r.label.length > 14 ? `${r.label.slice(0, 13)}…` : r.label,
            },
          ]
        : [],
    ),
    legend: columns.map((c, i) => ({ label: c, colour: SERIES_COLOURS[i % SERIES_COLOURS.length]! })),
    table: {
      header: [dataset.seriesLabel || 'Label', ...columns],
      rows: rows.map((r, ri) => ({ label: r.label, cells: values[ri]!.map(fmt) })),
    },
    truncated,
  };
}
