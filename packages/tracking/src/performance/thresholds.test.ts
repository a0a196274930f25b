import { describe, expect, it } from 'vitest';
import { rateMetric, type MetricName } from './thresholds';

describe('rateMetric', () => {
  it.each<[MetricName, number, string]>([
    ['FCP', 0, 'good'],
    ['FCP', 1800, 'good'],
    ['FCP', 1801, 'needs-improvement'],
    ['FCP', 3000, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.11, 'needs-improvement'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FID', 100, 'good'],
    ['FID', 101, 'needs-improvement'],
    ['FID', 300, 'needs-improvement'],
    ['FID', 301, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 201, 'needs-improvement'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
  ])('%s %s is %s', (name, value, rating) => {
    expect(rateMetric(name, value)).toBe(rating);
  });
});
