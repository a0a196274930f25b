import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBlock } from '../document/page-document';
import { renderBlock } from '../render/render-document';
import { chartView, niceTicks } from './chart-svg';
import {
  cellNumber,
  chartMessages,
  datasetError,
  datasetSchema,
  DATASET_LIMITS,
  truncateDataset,
  type Dataset,
} from './dataset';

const sales: Dataset = {
  seriesLabel: 'Month',
  columns: ['Online', 'Shop'],
  rows: [
    { label: 'Jan', values: ['120', '80'] },
    { label: 'Feb', values: ['1,500', '95.5'] },
    { label: 'Mar', values: ['-20', '0'] },
  ],
};

describe('dataset rules (platform.md §5)', () => {
  it.each([
    [
      'no columns',
      { seriesLabel: '', columns: [], rows: [{ label: 'a', values: [] }] },
      chartMessages.enterSomeData,
    ],
    ['no rows', { seriesLabel: '', columns: ['x'], rows: [] }, chartMessages.enterSomeData],
    [
      'an empty cell',
      { seriesLabel: '', columns: ['x', 'y'], rows: [{ label: 'a', values: ['1'] }] },
      chartMessages.rowMissingData,
    ],
    [
      'a word for a number',
      { seriesLabel: '', columns: ['x'], rows: [{ label: 'a', values: ['lots'] }] },
      chartMessages.rowMissingData,
    ],
    [
      'a row without its label',
      { seriesLabel: '', columns: ['x'], rows: [{ label: ' ', values: ['1'] }] },
      chartMessages.rowMissingData,
    ],
    ['a complete dataset', sales, undefined],
  ])('%s gives %s', (_, dataset, message) => {
    expect(datasetError(dataset)).toBe(message);
  });

  it.each([
    ['12', 12],
    [' 1,234.5 ', 1234.5],
    ['-3', -3],
    ['.5', 0.5],
    ['1e3', 1000],
    ['', undefined],
    ['12abc', undefined],
    ['1e999', undefined],
    ['0x10', undefined],
  ])('reads the cell %j as %s', (cell, n) => {
    expect(cellNumber(cell)).toBe(n);
  });

  it(`keeps at most ${DATASET_LIMITS.maxRows} rows and ${DATASET_LIMITS.maxColumns} columns`, () => {
    const big: Dataset = {
      seriesLabel: '',
      columns: Array.from({ length: 12 }, (_, i) => `c${i}`),
      rows: Array.from({ length: 150 }, (_, i) => ({
        label: `r${i}`,
        values: Array.from({ length: 12 }, () => '1'),
      })),
    };
    const { dataset, truncated } = truncateDataset(big);
    expect(truncated).toBe(true);
    expect(dataset.rows).toHaveLength(DATASET_LIMITS.maxRows);
    expect(dataset.columns).toHaveLength(DATASET_LIMITS.maxColumns);
    expect(dataset.rows.every((r) => r.values.length === DATASET_LIMITS.maxColumns)).toBe(true);
    expect(truncateDataset(sales).truncated).toBe(false);
    expect(chartView(big, 'bar', '')!.bars).toHaveLength(DATASET_LIMITS.maxRows * DATASET_LIMITS.maxColumns);
  });

  it('refuses unstorable text and wrong types in a dataset', () => {
    expect(datasetSchema.safeParse({ columns: ['a\u0000'] }).success).toBe(false);
    expect(datasetSchema.safeParse({ rows: [{ label: '\uD800', values: [] }] }).success).toBe(false);
    expect(datasetSchema.safeParse({ columns: 'a' }).success).toBe(false);
  });
});

describe('the chart as server-rendered SVG', () => {
  it('draws one bar per cell, negative values below the baseline, with the numbers as a table', () => {
    const view = chartView(sales, 'bar', 'Sales')!;
    expect(view.bars).toHaveLength(6);
    const march = view.bars[4]!;
    expect(march.y).toBe(view.baselineY);
    expect(view.bars[2]!.y + view.bars[2]!.height).toBeCloseTo(view.baselineY, 0);
    expect(view.table).toEqual({
      header: ['Month', 'Online', 'Shop'],
      rows: [
        { label: 'Jan', cells: ['120', '80'] },
        { label: 'Feb', cells: ['1,500', '95.5'] },
        { label: 'Mar', cells: ['-20', '0'] },
      ],
    });
    expect(view.description).toBe(
      'Sales: bar chart of Online, Shop for 3 rows, from -20 to 1,500. The data table follows.',
    );
  });

  it('draws a line per series', () => {
    const view = chartView(sales, 'line', '')!;
    expect(view.lines).toHaveLength(2);
    expect(view.lines[0]!.dots.map((d) => d.title)).toEqual([
      'Jan, Online: 120',
      'Feb, Online: 1,500',
      'Mar, Online: -20',
    ]);
  });

  it('covers every value with round axis ticks', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        (a, b) => {
          const ticks = niceTicks(Math.min(a, b), Math.max(a, b));
          expect(ticks[0]!).toBeLessThanOrEqual(Math.min(0, a, b));
          expect(ticks.at(-1)!).toBeGreaterThanOrEqual(Math.max(0, a, b));
          expect(ticks.length).toBeLessThanOrEqual(12);
        },
      ),
    );
  });

  it('renders the block without script, with an accessible image and the data table, escaping labels', () => {
    const block = { ...createBlock('chart'), id: 'c1' };
    block.settings = {
      ...block.settings,
      title: 'Sales <2026>',
      dataset: { ...sales, columns: ['<b>Online</b>', 'Shop'] },
    };
    const { html, errors } = renderBlock(block);
    expect(errors).toEqual([]);
    expect(html).not.toContain('<script');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Sales &lt;2026&gt;: bar chart of &lt;b&gt;Online&lt;/b&gt;, Shop');
    expect(html.match(/<rect /g)).toHaveLength(6);
    expect(html).toContain('<th scope="row">Feb</th><td>1,500</td><td>95.5</td>');
    expect(html).not.toContain('<b>Online</b>');
  });

  it("says 'Enter some data!' for a new chart", () => {
    expect(renderBlock({ ...createBlock('chart'), id: 'c2' }).html).toContain('Enter some data!');
  });
});
