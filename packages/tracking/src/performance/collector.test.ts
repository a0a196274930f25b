import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../runtime/clock';
import { createFakeLifecycle } from '../testing/fake-lifecycle';
import { createFakeTransport } from '../testing/fake-transport';
import { startPerformanceCollector } from './collector';
import type { MeasuredMetric } from './metric-source';
import { performanceRecordBatchSchema, type PerformanceRecord } from './records';

function setup(options: { beacon?: boolean } = {}) {
  const transport = createFakeTransport({ beacon: options.beacon ?? true });
  const lifecycle = createFakeLifecycle();
  let report: (m: MeasuredMetric) => void = () => undefined;
  const collector = startPerformanceCollector({
    transport,
    clock: systemClock,
    lifecycle,
    metrics: (r) => (report = r),
    app: 'storefront',
    pageLoadId: 'load-1',
    analyticsIds: () => ({ analyticsId: 'a-1', sessionId: 's-1' }),
    navigationTimings: () => ({ timeToFirstByte: 120, domContentLoaded: 800, loadEventEnd: 1100 }),
  });
  const batches = (): PerformanceRecord[][] =>
    transport.sent.map((r) => performanceRecordBatchSchema.parse(JSON.parse(r.body)));
  return { transport, lifecycle, collector, batches, metric: (m: MeasuredMetric) => report(m) };
}

describe('performance collector', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('flushes 30 s after load, not before, by beacon as text/plain', async () => {
    const { transport, lifecycle, metric, batches } = setup();
    metric({ name: 'FCP', value: 900, id: 'v5-1', navigationType: 'navigate' });
    await vi.advanceTimersByTimeAsync(60_000); // not loaded yet: no timers running
    expect(transport.sent).toHaveLength(0);
    lifecycle.load();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(transport.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent).toMatchObject([
      { via: 'beacon', url: '/api/1/performance/records', contentType: 'text/plain;charset=UTF-8' },
    ]);
    expect(batches()[0]).toEqual([
      {
        app: 'storefront',
        event: 'web_vital',
        pageLoadId: 'load-1',
        ts: 1_700_000_000_000,
        data: {
          name: 'FCP',
          value: 900,
          rating: 'good',
          metricId: 'v5-1',
          navigationType: 'navigate',
          analyticsId: 'a-1',
          sessionId: 's-1',
        },
      },
    ]);
  });

  it('sends the page-speed summary 60 s after load when the page stays visible', async () => {
    const { lifecycle, metric, batches } = setup();
    lifecycle.load();
    metric({ name: 'LCP', value: 4200, id: 'l' });
    await vi.advanceTimersByTimeAsync(30_000);
    metric({ name: 'FID', value: 150, id: 'f' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(batches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches()).toHaveLength(2);
    const [fid, speed] = batches()[1]!;
    expect(fid).toMatchObject({ event: 'web_vital', data: { name: 'FID', rating: 'needs-improvement' } });
    expect(speed).toMatchObject({
      event: 'page_speed',
      data: {
        reason: 'timeout',
        collectorVersion: '4.12.4',
        timeToFirstByte: 120,
        metrics: { LCP: 4200, FID: 150 },
      },
    });
  });

  it('flushes everything, page-speed included, when the page is hidden first', async () => {
    const { lifecycle, metric, batches, transport } = setup();
    lifecycle.load();
    metric({ name: 'FCP', value: 3500, id: 'a' });
    await vi.advanceTimersByTimeAsync(5_000);
    metric({ name: 'CLS', value: 0.3, id: 'b' });
    lifecycle.hide();
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.map((r) => r.event)).toEqual(['web_vital', 'web_vital', 'page_speed']);
    expect(batches()[0]![2]).toMatchObject({ data: { reason: 'hidden', metrics: { FCP: 3500, CLS: 0.3 } } });
    expect(batches()[0]![1]).toMatchObject({ data: { rating: 'poor' } });
    // Later hides flush new records only, and the summary is never repeated.
    metric({ name: 'INP', value: 90, id: 'c' });
    lifecycle.hide();
    expect(batches()[1]!.map((r) => r.event)).toEqual(['web_vital']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(transport.sent).toHaveLength(2);
  });

  it('does not send empty batches', async () => {
    const { lifecycle, transport } = setup();
    lifecycle.load();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(transport.sent).toHaveLength(0);
  });

  it('falls back to fetch with a text/plain body when the beacon is refused', async () => {
    const { lifecycle, metric, transport } = setup({ beacon: false });
    metric({ name: 'FCP', value: 1, id: 'a' });
    lifecycle.hide();
    expect(transport.sent).toMatchObject([
      { via: 'post', contentType: 'text/plain;charset=UTF-8', keepalive: true },
    ]);
  });

  it('stops timers and listeners on stop', async () => {
    const { lifecycle, metric, transport, collector } = setup();
    lifecycle.load();
    collector.stop();
    metric({ name: 'FCP', value: 1, id: 'a' });
    lifecycle.hide();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(transport.sent).toHaveLength(0);
  });
});
