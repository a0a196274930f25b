import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { siteExportMessages as m, type SiteExport } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SiteExportPanel } from './SiteExportPanel';

afterEach(cleanup);

const made = { id: 'e1', createdAt: '2026-11-28T17:00:00Z', size: null, finishedAt: null };

describe('SiteExportPanel', () => {
  it('starts an export when there is none', async () => {
    const onStart = vi.fn();
    const { container } = render(<SiteExportPanel latest={null} onStart={onStart} />);
    expect(screen.getByText(m.none)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.start }));
    expect(onStart).toHaveBeenCalledOnce();
    await expectNoAxeViolations(container);
  });

  it('shows how far a running export is, with no second start', async () => {
    const latest: SiteExport = { ...made, status: 'running', progress: 42 };
    const { container } = render(<SiteExportPanel latest={latest} onStart={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain(m.running(42));
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(42);
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('offers the ready archive for download, and another export', async () => {
    const latest: SiteExport = {
      ...made,
      status: 'ready',
      progress: 100,
      size: 2_480_000,
      finishedAt: '2026-11-28T17:01:00Z',
    };
    const { container } = render(
      <SiteExportPanel latest={latest} downloadUrl="/download/e1" onStart={vi.fn()} />,
    );
    expect(screen.getByRole('status').textContent).toContain('2.5 MB');
    expect(screen.getByRole('link', { name: m.download }).getAttribute('href')).toBe('/download/e1');
    expect(screen.getByRole('button', { name: m.again })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('says when an export failed, and when the latest could not be loaded', () => {
    const onRetryLoad = vi.fn();
    render(
      <SiteExportPanel
        latest={{ ...made, status: 'failed', progress: 30 }}
        onStart={vi.fn()}
        startError="Network error"
      />,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([m.failed, 'Network error']);
    cleanup();
    render(
      <SiteExportPanel latest={undefined} loadError="Offline" onStart={vi.fn()} onRetryLoad={onRetryLoad} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetryLoad).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: m.start })).toBeNull();
  });
});
