import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { AnalyticsDashboard } from './AnalyticsDashboard';
import { analyticsMessages as m } from './analytics-messages';
import { presetRange } from './DateRangePicker';
import { emptyReport, sampleReport } from './sample-analytics';

afterEach(cleanup);
const today = '2026-01-30';
const range = presetRange('30', today);

describe('AnalyticsDashboard', () => {
  it('shows the numbers, charts with their tables, ranked tables and rated vitals without axe violations', async () => {
    const { container } = render(
      <AnalyticsDashboard range={range} today={today} onRangeChange={() => {}} report={sampleReport} />,
    );
    const revenue = screen.getByText(m.kpis.revenue).parentElement!;
    expect(revenue.textContent).toContain('$2,846.50');
    expect(screen.getByText(m.kpis.newVisits).parentElement!.textContent).toContain('1,040');
    expect(screen.getByText(m.kpis.returningVisits).parentElement!.textContent).toContain('612');
    const funnel = screen.getByRole('table', { name: m.funnelChart });
    expect(within(funnel).getByRole('row', { name: /Purchase/ }).textContent).toContain('7%');
    expect(screen.getByRole('table', { name: m.trafficChart }).querySelectorAll('tbody tr')).toHaveLength(30);
    expect(screen.getByRole('rowheader', { name: m.direct })).toBeTruthy();
    const product = screen.getByRole('row', { name: /harbour-at-dawn.*4\.4 s/ });
    expect(within(product).getByText('Poor')).toBeTruthy();
    expect(within(product).getAllByText(m.notMeasured)).toHaveLength(2);
    expect(screen.getByText(m.liveNote)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('says today is updated every minute only when the range reaches today', () => {
    render(
      <AnalyticsDashboard
        range={{ preset: 'custom', from: '2026-01-01', to: '2026-01-20' }}
        today={today}
        onRangeChange={() => {}}
        report={sampleReport}
      />,
    );
    expect(screen.queryByText(m.liveNote)).toBeNull();
  });

  it.each([
    ['empty', { report: emptyReport }, m.noData],
    ['loading', { isLoading: true }, m.loading],
    ['failed', { error: 'Unable to load. Try again.' }, 'Unable to load. Try again.'],
  ])('has a %s state without axe violations', async (_name, props, text) => {
    const { container } = render(
      <AnalyticsDashboard range={range} today={today} onRangeChange={() => {}} {...props} />,
    );
    expect(container.textContent).toContain(text);
    await expectNoAxeViolations(container);
  });

  it('applies presets at once and a custom range only when valid', async () => {
    const onRangeChange = vi.fn();
    const { container } = render(
      <AnalyticsDashboard range={range} today={today} onRangeChange={onRangeChange} report={sampleReport} />,
    );
    const select = screen.getByRole('combobox', { name: m.range });
    fireEvent.change(select, { target: { value: '7' } });
    expect(onRangeChange).toHaveBeenLastCalledWith({ preset: '7', from: '2026-01-24', to: today });
    fireEvent.change(select, { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText(m.from), { target: { value: '2026-01-31' } });
    expect(screen.getByRole('button', { name: m.apply })).toHaveProperty('disabled', true);
    expect(screen.getByText(m.invalidRange)).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByLabelText(m.from), { target: { value: '2026-01-10' } });
    fireEvent.click(screen.getByRole('button', { name: m.apply }));
    expect(onRangeChange).toHaveBeenLastCalledWith({ preset: 'custom', from: '2026-01-10', to: today });
  });
});
