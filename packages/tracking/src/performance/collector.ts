import { ENDPOINT, PAGE_SPEED_WAIT_MS, PERFORMANCE_FLUSH_AFTER_LOAD_MS } from '../constants';
import type { PageLifecycle } from '../page-lifecycle/page-lifecycle';
import type { Clock } from '../runtime/clock';
import { TEXT_CONTENT_TYPE, type Transport } from '../runtime/transport';
import type { MeasuredMetric, MetricSource } from './metric-source';
import type { PageSpeedTimings } from './navigation-timing';
import type { PerformanceRecord } from './records';
import { rateMetric, type MetricName } from './thresholds';

export const PERFORMANCE_COLLECTOR_VERSION = '4.12.4';

export interface AnalyticsIds {
  analyticsId?: string;
  sessionId?: string;
}

export interface PerformanceCollectorDeps {
  transport: Transport;
  clock: Clock;
  lifecycle: PageLifecycle;
  metrics: MetricSource;
  /** Application name written in every record's `app`. */
  app: string;
  pageLoadId: string;
  /** Read at record time: cookies may be set after start. */
  analyticsIds: () => AnalyticsIds;
  navigationTimings: () => PageSpeedTimings;
}

export interface PerformanceCollector {
  /** Sends what is queued now. */
  flush(): void;
  stop(): void;
  readonly pending: readonly PerformanceRecord[];
}

/**
 * Queues a record per reported web vital and one page-speed summary, and
 * sends them in batches: 30 s after load, whenever the page is hidden, and
 * when the page-speed summary is emitted (60 s after load or on first hide).
 */
export function startPerformanceCollector(deps: PerformanceCollectorDeps): PerformanceCollector {
  let queue: PerformanceRecord[] = [];
  const latest: Partial<Record<MetricName, number>> = {};
  let pageSpeedSent = false;
  let stopped = false;
  const timers: unknown[] = [];

  const ids = (): AnalyticsIds => {
    const { analyticsId, sessionId } = deps.analyticsIds();
    return { ...(analyticsId ? { analyticsId } : {}), ...(sessionId ? { sessionId } : {}) };
  };

  const flush = (): void => {
    if (queue.length === 0) return;
    const body = JSON.stringify(queue);
    queue = [];
    // The beacon survives unload; fetch (keepalive) covers browsers that refuse it.
    if (deps.transport.beacon?.(ENDPOINT.performanceRecords, body, TEXT_CONTENT_TYPE)) return;
    deps.transport
      .post({ url: ENDPOINT.performanceRecords, body, contentType: TEXT_CONTENT_TYPE, keepalive: true })
      .catch(() => undefined);
  };

  const onMetric = (metric: MeasuredMetric): void => {
    if (stopped) return;
    latest[metric.name] = metric.value;
    queue.push({
      app: deps.app,
      event: 'web_vital',
      pageLoadId: deps.pageLoadId,
      ts: deps.clock.now(),
      data: {
        name: metric.name,
        value: metric.value,
        rating: rateMetric(metric.name, metric.value),
        metricId: metric.id,
        ...(metric.navigationType ? { navigationType: metric.navigationType } : {}),
        ...ids(),
      },
    });
  };

  const emitPageSpeed = (reason: 'timeout' | 'hidden'): void => {
    if (pageSpeedSent || stopped) return;
    pageSpeedSent = true;
    queue.push({
      app: deps.app,
      event: 'page_speed',
      pageLoadId: deps.pageLoadId,
      ts: deps.clock.now(),
      data: {
        collectorVersion: PERFORMANCE_COLLECTOR_VERSION,
        reason,
        ...deps.navigationTimings(),
        metrics: { ...latest },
        ...ids(),
      },
    });
    flush();
  };

  const unsubscribeLoad = deps.lifecycle.onLoad(() => {
    timers.push(deps.clock.setTimeout(flush, PERFORMANCE_FLUSH_AFTER_LOAD_MS));
    timers.push(deps.clock.setTimeout(() => emitPageSpeed('timeout'), PAGE_SPEED_WAIT_MS));
  });
  const unsubscribeHidden = deps.lifecycle.onHidden(() => {
    emitPageSpeed('hidden');
    flush();
  });
  deps.metrics(onMetric);

  return {
    flush,
    stop() {
      stopped = true;
      for (const t of timers) deps.clock.clearTimeout(t);
      unsubscribeLoad();
      unsubscribeHidden();
    },
    get pending() {
      return queue;
    },
  };
}
