import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ProductImportPanel } from './ProductImportPanel';

afterEach(cleanup);

const base = { id: 'i1', total: 120, imported: 0, errors: [], createdAt: '2026-11-29T12:00:00.000Z' };

describe('ProductImportPanel', () => {
  it('sends the chosen file', async () => {
    const onFile = vi.fn();
    const { container } = render(<ProductImportPanel latest={null} onFile={onFile} />);
    const file = new File(['Handle,Title,Variant Price\n'], 'products.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Import products from CSV'), { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    await expectNoAxeViolations(container);
  });

  it('shows the progress while the job runs and no second file can be chosen', async () => {
    const { container } = render(
      <ProductImportPanel latest={{ ...base, status: 'running', progress: 40 }} onFile={vi.fn()} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Importing products: 48 of 120 done');
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(40);
    expect((screen.getByLabelText(/Import products from CSV/) as HTMLInputElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('gives the result with each refused row and why, and the server’s refusal of a file', async () => {
    const errors = [{ row: 14, message: 'Row 14: Variant Price "twelve": Enter an amount.' }];
    const { container, rerender } = render(
      <ProductImportPanel
        latest={{ ...base, status: 'done', progress: 100, imported: 119, errors }}
        onFile={vi.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Imported 119 of 120 products.');
    expect(container.textContent).toContain('1 product was not imported. Fix its row and import it again:');
    expect(screen.getByRole('listitem').textContent).toBe(errors[0]!.message);
    await expectNoAxeViolations(container);
    rerender(<ProductImportPanel latest={null} onFile={vi.fn()} sendError="The file needs the columns…" />);
    expect(screen.getByRole('alert').textContent).toBe('The file needs the columns…');
    rerender(<ProductImportPanel latest={null} onFile={vi.fn()} isReadOnly />);
    expect(screen.queryByLabelText(/Import products from CSV/)).toBeNull();
  });
});
