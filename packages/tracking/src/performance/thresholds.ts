/** Metric names the collector reports: the web-vitals set plus FID, measured by us. */
export const METRIC_NAMES = ['FCP', 'CLS', 'FID', 'INP', 'LCP'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export const METRIC_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type MetricRating = (typeof METRIC_RATINGS)[number];

/** Good up to the first value, poor above the second (platform.md §9). ms except CLS. */
export const METRIC_THRESHOLDS: Readonly<Record<MetricName, readonly [good: number, poor: number]>> = {
  FCP: [1800, 3000],
  CLS: [0.1, 0.25],
  FID: [100, 300],
  INP: [200, 500],
  LCP: [2500, 4000],
};

export function rateMetric(name: MetricName, value: number): MetricRating {
  const [good, poor] = METRIC_THRESHOLDS[name];
  if (value <= good) return 'good';
  if (value > poor) return 'poor';
  return 'needs-improvement';
}
