import type { PageSpeedData } from './records';

export type PageSpeedTimings = Pick<PageSpeedData, 'timeToFirstByte' | 'domContentLoaded' | 'loadEventEnd'>;

/** Reads the navigation entry; zero means "not reached yet" in the API, so it is left out. */
export function readNavigationTimings(
  perf: Performance | undefined = globalThis.performance,
): PageSpeedTimings {
  const entry = perf?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!entry) return {};
  const positive = (v: number) => (v > 0 ? { value: v } : undefined);
  const ttfb = positive(entry.responseStart);
  const dcl = positive(entry.domContentLoadedEventEnd);
  const load = positive(entry.loadEventEnd);
  return {
    ...(ttfb ? { timeToFirstByte: ttfb.value } : {}),
    ...(dcl ? { domContentLoaded: dcl.value } : {}),
    ...(load ? { loadEventEnd: load.value } : {}),
  };
}
