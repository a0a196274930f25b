import { onCLS, onFCP, onINP, onLCP, type Metric } from 'web-vitals';
import type { MetricName } from './thresholds';

export interface MeasuredMetric {
  name: MetricName;
  value: number;
  id: string;
  navigationType?: string;
}

/** Starts measuring and calls back for each (final or re-reported) metric value. */
export type MetricSource = (report: (metric: MeasuredMetric) => void) => void;

interface FirstInputEntry extends PerformanceEntry {
  processingStart: number;
}

/**
 * web-vitals 5 dropped onFID; first input delay is the gap between the first
 * input and its handler starting, read from the buffered first-input entry.
 */
export function observeFirstInput(
  report: (metric: MeasuredMetric) => void,
  Observer: typeof PerformanceObserver | undefined = globalThis.PerformanceObserver,
): void {
  if (!Observer || !Observer.supportedEntryTypes?.includes('first-input')) return;
  let done = false;
  const observer = new Observer((list) => {
    const entry = list.getEntries()[0] as FirstInputEntry | undefined;
    if (!entry || done) return;
    done = true;
    observer.disconnect();
    report({
      name: 'FID',
      value: Math.max(0, entry.processingStart - entry.startTime),
      id: `fid-${Math.round(entry.startTime)}`,
    });
  });
  observer.observe({ type: 'first-input', buffered: true });
}

/** The browser source: web-vitals for FCP, CLS, INP, LCP and our own FID. */
export const webVitalsSource: MetricSource = (report) => {
  const forward = (metric: Metric) =>
    report({
      name: metric.name as MetricName,
      value: metric.value,
      id: metric.id,
      navigationType: metric.navigationType,
    });
  onFCP(forward);
  onLCP(forward);
  onCLS(forward);
  onINP(forward);
  observeFirstInput(report);
};
