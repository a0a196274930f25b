import type { Dataset } from '@site/page-content';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { DatasetEditor } from './DatasetEditor';

afterEach(cleanup);

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const sales: Dataset = {
  seriesLabel: 'Month',
  columns: ['Online'],
  rows: months.map((label, i) => ({ label, values: [String((i * 37) % 100)] })),
};

function Harness({ initial, onChange }: { initial: Dataset; onChange: (d: Dataset) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DatasetEditor
      value={value}
      onChange={(d) => {
        setValue(d);
        onChange(d);
      }}
    />
  );
}

const bodyLabels = () =>
  screen.getAllByRole('textbox', { name: /^Row \d+ label$/ }).map((i) => (i as HTMLInputElement).value);

describe('DatasetEditor', () => {
  it("asks for data first ('Enter some data!'), then for every cell ('One or more rows was missing data')", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Harness initial={{ seriesLabel: '', columns: [], rows: [] }} onChange={onChange} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Enter some data!');
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('alert').textContent).toBe('One or more rows was missing data');
    fireEvent.change(screen.getByRole('textbox', { name: 'Row 1 label' }), { target: { value: 'Jan' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Row 1, Series 1' }), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Series label'), { target: { value: 'Month' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange.mock.lastCall![0]).toEqual({
      seriesLabel: 'Month',
      columns: ['Series 1'],
      rows: [{ label: 'Jan', values: ['12'] }],
    });
    await expectNoAxeViolations(container);
  });

  it('pages through rows and sorts by a column, editing the row typed in', () => {
    const onChange = vi.fn();
    render(<Harness initial={sales} onChange={onChange} />);
    expect(screen.getByRole('status').textContent).toBe('1-10 of 12 rows');
    expect(bodyLabels()).toEqual(months.slice(0, 10));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyLabels()).toEqual(['Nov', 'Dec']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    const header = screen.getByRole('columnheader', { name: /Online/ });
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const sorted = [...sales.rows]
      .sort((a, b) => Number(a.values[0]) - Number(b.values[0]))
      .map((r) => r.label);
    expect(bodyLabels()).toEqual(sorted.slice(0, 10));
    // The first row on screen is the smallest value; editing it changes that row, not row 1.
    const firstInput = screen.getAllByRole('textbox', { name: /Online$/ })[0]!;
    fireEvent.change(firstInput, { target: { value: '999' } });
    const edited = onChange.mock.lastCall![0] as Dataset;
    expect(edited.rows.find((r) => r.label === sorted[0])!.values[0]).toBe('999');
    expect(edited.rows[0]!.values[0]).toBe(sorted[0] === 'Jan' ? '999' : sales.rows[0]!.values[0]);
  });

  it('removes a column with its cells, and stops adding at the limits', () => {
    const onChange = vi.fn();
    render(
      <Harness
        initial={{ seriesLabel: '', columns: ['A', 'B'], rows: [{ label: 'x', values: ['1', '2'] }] }}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove column A' }));
    expect(onChange.mock.lastCall![0]).toEqual({
      seriesLabel: '',
      columns: ['B'],
      rows: [{ label: 'x', values: ['2'] }],
    });
    cleanup();
    const full: Dataset = {
      seriesLabel: '',
      columns: Array.from({ length: 8 }, (_, i) => `c${i}`),
      rows: Array.from({ length: 100 }, () => ({ label: 'r', values: Array.from({ length: 8 }, () => '1') })),
    };
    render(<DatasetEditor value={full} onChange={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Add row' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add column' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Only the first 100 rows and 8 columns are kept/)).toBeTruthy();
  });
});
