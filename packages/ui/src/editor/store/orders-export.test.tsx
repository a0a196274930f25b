import { orderExportMessages, type OrderExportView } from '@site/commerce-core/admin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { OrdersExport } from './OrdersExport';
import { storeMessages as m } from './store-messages';

afterEach(cleanup);

const base: OrderExportView = {
  id: 'e1',
  status: 'running',
  progress: 42,
  total: 1_000_000,
  written: 420_000,
  size: null,
  downloadUrl: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  finishedAt: null,
};

describe('OrdersExport', () => {
  it('starts an export of the orders shown', async () => {
    const onStart = vi.fn();
    const { container } = render(<OrdersExport latest={null} onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: m.exportCsv }));
    expect(onStart).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows how far the job is, and no second export starts meanwhile', async () => {
    const { container } = render(<OrdersExport latest={base} onStart={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Exporting orders: 420,000 of 1,000,000 written',
    );
    expect((screen.getByRole('progressbar', { name: m.exportProgress }) as HTMLProgressElement).value).toBe(
      42,
    );
    expect((screen.getByRole('button', { name: m.exportCsv }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('counts the orders before the first is written', () => {
    render(<OrdersExport latest={{ ...base, total: 0, written: 0, progress: 0 }} onStart={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain(m.exportCounting);
    expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
  });

  it('offers the finished file, and another export', async () => {
    const ready: OrderExportView = {
      ...base,
      status: 'ready',
      progress: 100,
      written: 1_000_000,
      size: 137_800_000,
      downloadUrl: '/api/editor/store/order-exports/e1/orders.csv',
    };
    const onStart = vi.fn();
    const { container, rerender } = render(<OrdersExport latest={ready} onStart={onStart} />);
    expect(screen.getByRole('status').textContent).toContain(
      'Your export of 1,000,000 orders is ready (137.8 MB).',
    );
    const link = screen.getByRole('link', { name: m.exportDownload });
    expect(link.getAttribute('href')).toBe(ready.downloadUrl);
    expect(link.hasAttribute('download')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: m.exportAgain }));
    expect(onStart).toHaveBeenCalledOnce();
    await expectNoAxeViolations(container);
    rerender(<OrdersExport latest={{ ...ready, total: 1, size: 180 }} onStart={onStart} />);
    expect(screen.getByRole('status').textContent).toContain('Your export of 1 order is ready (1 KB).');
  });

  it('says when the job failed or the start was refused, and waits while starting or disabled', async () => {
    const { container, rerender } = render(
      <OrdersExport latest={{ ...base, status: 'failed' }} onStart={vi.fn()} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(orderExportMessages.failed);
    expect((screen.getByRole('button', { name: m.exportCsv }) as HTMLButtonElement).disabled).toBe(false);
    await expectNoAxeViolations(container);
    rerender(<OrdersExport latest={null} onStart={vi.fn()} startError="Sign in again to continue." />);
    expect(screen.getByRole('alert').textContent).toBe('Sign in again to continue.');
    rerender(<OrdersExport latest={null} onStart={vi.fn()} isStarting />);
    expect((screen.getByRole('button', { name: m.exportStarting }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<OrdersExport latest={undefined} onStart={vi.fn()} isDisabled />);
    expect((screen.getByRole('button', { name: m.exportCsv }) as HTMLButtonElement).disabled).toBe(true);
  });
});
