import { cellNumber, chartMessages, datasetError, DATASET_LIMITS, type Dataset } from '@site/page-content';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { EditorField } from '../field/EditorField';

export interface DatasetEditorProps {
  value: Dataset;
  onChange: (value: Dataset) => void;
  isReadOnly?: boolean;
  /** Rows per page of the data table. */
  pageSize?: number;
}

type Row = Dataset['rows'][number];
const helper = createColumnHelper<Row>();

/** Numbers sort as numbers; a cell without one sorts last. */
const byNumber = (a: string | undefined, b: string | undefined) =>
  (cellNumber(a) ?? Number.POSITIVE_INFINITY) - (cellNumber(b) ?? Number.POSITIVE_INFINITY) || 0;

/**
 * The chart dataset editor (platform.md §2): a series label, named columns, and the rows as a
 * data table with sorting and pagination (TanStack Table). Sorting orders the view only; each
 * edit goes to the row it was typed in. Over the limits the dataset is cut, with a notice.
 */
export function DatasetEditor({ value, onChange, isReadOnly, pageSize = 10 }: DatasetEditorProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const error = datasetError(value);
  const { maxRows, maxColumns } = DATASET_LIMITS;

  const setCell = (rowIndex: number, column: number, cell: string) =>
    onChange({
      ...value,
      rows: value.rows.map((r, i) => {
        if (i !== rowIndex) return r;
        const values = [...r.values];
        while (values.length < value.columns.length) values.push('');
        values[column] = cell;
        return { ...r, values };
      }),
    });
  const setLabel = (rowIndex: number, label: string) =>
    onChange({ ...value, rows: value.rows.map((r, i) => (i === rowIndex ? { ...r, label } : r)) });

  const columns = useMemo(
    () => [
      helper.accessor('label', {
        id: 'label',
        header: value.seriesLabel || 'Label',
        sortingFn: (a, b) => a.original.label.localeCompare(b.original.label),
        cell: (ctx) => (
          <input
            className="ed-input"
            aria-label={`Row ${ctx.row.index + 1} label`}
            value={ctx.row.original.label}
            maxLength={DATASET_LIMITS.labelMax}
            disabled={isReadOnly}
            onChange={(e) => setLabel(ctx.row.index, e.target.value)}
          />
        ),
      }),
      ...value.columns.map((name, ci) =>
        helper.accessor((r) => r.values[ci] ?? '', {
          id: `c${ci}`,
          header: name || `Column ${ci + 1}`,
          sortingFn: (a, b) => byNumber(a.original.values[ci], b.original.values[ci]),
          cell: (ctx) => {
            const cell = ctx.row.original.values[ci] ?? '';
            return (
              <input
                className="ed-input"
                inputMode="decimal"
                aria-label={`Row ${ctx.row.index + 1}, ${name || `column ${ci + 1}`}`}
                aria-invalid={cellNumber(cell) === undefined ? true : undefined}
                value={cell}
                maxLength={40}
                disabled={isReadOnly}
                onChange={(e) => setCell(ctx.row.index, ci, e.target.value)}
              />
            );
          },
        }),
      ),
    ],
    // Remade with the dataset: the cells' inputs write through the closures made here.
    [value, isReadOnly, onChange],
  );

  const table = useReactTable({
    data: value.rows as Row[],
    columns,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  const total = value.rows.length;
  const first = total === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const last = Math.min(total, (pagination.pageIndex + 1) * pagination.pageSize);

  return (
    <div className="ed-dataset">
      <EditorField label="Series label" disabled={isReadOnly}>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={value.seriesLabel}
            maxLength={DATASET_LIMITS.labelMax}
            onChange={(e) => onChange({ ...value, seriesLabel: e.target.value })}
          />
        )}
      </EditorField>
      <fieldset className="ed-dataset__columns" disabled={isReadOnly}>
        <legend>Columns</legend>
        {value.columns.map((name, ci) => (
          <div key={ci} className="ed-field__row">
            <input
              className="ed-input"
              aria-label={`Column ${ci + 1} name`}
              value={name}
              maxLength={DATASET_LIMITS.labelMax}
              onChange={(e) =>
                onChange({ ...value, columns: value.columns.map((c, i) => (i === ci ? e.target.value : c)) })
              }
            />
            <button
              type="button"
              className="ed-button"
              aria-label={`Remove column ${name || ci + 1}`}
              onClick={() =>
                onChange({
                  ...value,
                  columns: value.columns.filter((_, i) => i !== ci),
                  rows: value.rows.map((r) => ({ ...r, values: r.values.filter((_, i) => i !== ci) })),
                })
              }
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="ed-button"
          disabled={value.columns.length >= maxColumns}
          onClick={() =>
            onChange({ ...value, columns: [...value.columns, `Series ${value.columns.length + 1}`] })
          }
        >
          Add column
        </button>
      </fieldset>
      {total > 0 && (
        <div className="ed-dataset__scroll">
          <table className="ed-table ed-dataset__table">
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      >
                        <button
                          type="button"
                          className="ed-link-button"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">
                            {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="ed-button"
                      disabled={isReadOnly}
                      aria-label={`Remove row ${row.index + 1}`}
                      onClick={() =>
                        onChange({ ...value, rows: value.rows.filter((_, i) => i !== row.index) })
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="ed-field__row">
        <button
          type="button"
          className="ed-button"
          disabled={isReadOnly || total >= maxRows}
          onClick={() => {
            onChange({ ...value, rows: [...value.rows, { label: '', values: value.columns.map(() => '') }] });
            setPagination((p) => ({ ...p, pageIndex: Math.floor(total / p.pageSize) }));
          }}
        >
          Add row
        </button>
        {total > pagination.pageSize && (
          <nav aria-label="Rows pages" className="ed-dataset__pages">
            <button
              type="button"
              className="ed-button"
              disabled={!table.getCanPreviousPage()}
              onClick={() => table.previousPage()}
            >
              Previous
            </button>
            <span role="status">
              {first}-{last} of {total} rows
            </span>
            <button
              type="button"
              className="ed-button"
              disabled={!table.getCanNextPage()}
              onClick={() => table.nextPage()}
            >
              Next
            </button>
          </nav>
        )}
      </div>
      {(total >= maxRows || value.columns.length >= maxColumns) && (
        <p className="ed-muted">{chartMessages.truncated}</p>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
