import { z } from 'zod';
import { text } from '../text';

/**
 * Limits of a chart's dataset (platform.md §5 says a dataset is truncated to a maximum number of
 * rows and columns without giving them). 100 rows and 8 series keep a bar chart legible at
 * 390 px and its data table short enough to read; more is cut off, not refused.
 */
export const DATASET_LIMITS = {
  maxRows: 100,
  maxColumns: 8,
  labelMax: 100,
} as const;

export const chartMessages = {
  // platform.md §5
  enterSomeData: 'Enter some data!',
  rowMissingData: 'One or more rows was missing data',
  // ours
  truncated: `Only the first ${DATASET_LIMITS.maxRows} rows and ${DATASET_LIMITS.maxColumns} columns are kept.`,
} as const;

/**
 * A chart's data (platform.md §3 "Dataset: rows, columns, series label"): `columns` name the
 * series, each row is one category with its label and one value per column, and `seriesLabel`
 * names what the row labels are (the first column header, e.g. "Month"). Cells are kept as typed,
 * so the editor can show what is missing; only numbers are drawn.
 */
export const datasetSchema = z.object({
  seriesLabel: text(DATASET_LIMITS.labelMax).default(''),
  columns: z.array(text(DATASET_LIMITS.labelMax)).max(1000).default([]),
  rows: z
    .array(
      z.object({
        label: text(DATASET_LIMITS.labelMax).default(''),
        values: z.array(text(40)).max(1000).default([]),
      }),
    )
    .max(10_000)
    .default([]),
});
export type Dataset = z.infer<typeof datasetSchema>;

/** A cell's number, or undefined when it holds none ("", "abc", "1e999"). Commas group thousands. */
export function cellNumber(cell: string | undefined): number | undefined {
  const trimmed = (cell ?? '').trim().replace(/,/g, '');
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/** The dataset cut to the limits, with whether anything was cut off. */
export function truncateDataset(dataset: Dataset): { dataset: Dataset; truncated: boolean } {
  const { maxRows, maxColumns } = DATASET_LIMITS;
  const truncated =
    dataset.rows.length > maxRows ||
    dataset.columns.length > maxColumns ||
    dataset.rows.some((r) => r.values.length > maxColumns);
  return {
    truncated,
    dataset: {
      seriesLabel: dataset.seriesLabel,
      columns: dataset.columns.slice(0, maxColumns),
      rows: dataset.rows
        .slice(0, maxRows)
        .map((r) => ({ label: r.label, values: r.values.slice(0, maxColumns) })),
    },
  };
}

/**
 * The dataset's problem, if any: 'Enter some data!' without at least one column and one row,
 * 'One or more rows was missing data' when a row lacks its label or a number in any column.
 */
export function datasetError(dataset: Dataset): string | undefined {
  if (dataset.columns.length === 0 || dataset.rows.length === 0) return chartMessages.enterSomeData;
  const complete = dataset.rows.every(
    (row) =>
      row.label.trim() !== '' && dataset.columns.every((_, i) => cellNumber(row.values[i]) !== undefined),
  );
  return complete ? undefined : chartMessages.rowMissingData;
}
