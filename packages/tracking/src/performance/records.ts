import { z } from 'zod';
import { METRIC_NAMES, METRIC_RATINGS } from './thresholds';

const ids = {
  analyticsId: /* @__PURE__ */ (() => z.string().min(1).optional())(),
  sessionId: /* @__PURE__ */ (() => z.string().min(1).optional())(),
};

const ms = /* @__PURE__ */ (() => z.number().nonnegative())();

export const webVitalDataSchema = /* @__PURE__ */ (() =>
  z.object({
    name: z.enum(METRIC_NAMES),
    value: z.number().nonnegative(),
    rating: z.enum(METRIC_RATINGS),
    /** web-vitals metric id; repeats when CLS/INP are re-reported. */
    metricId: z.string().min(1),
    navigationType: z.string().optional(),
    ...ids,
  }))();
export type WebVitalData = z.infer<typeof webVitalDataSchema>;

export const PAGE_SPEED_REASONS = ['timeout', 'hidden'] as const;

export const pageSpeedDataSchema = /* @__PURE__ */ (() =>
  z.object({
    collectorVersion: z.string(),
    /** What ended the wait: 60 s elapsed, or the page was hidden first. */
    reason: z.enum(PAGE_SPEED_REASONS),
    timeToFirstByte: ms.optional(),
    domContentLoaded: ms.optional(),
    loadEventEnd: ms.optional(),
    /** Latest value of each metric seen so far. */
    metrics: z.partialRecord(z.enum(METRIC_NAMES), z.number().nonnegative()),
    ...ids,
  }))();
export type PageSpeedData = z.infer<typeof pageSpeedDataSchema>;

const recordBase = {
  app: /* @__PURE__ */ (() => z.string().min(1))(),
  pageLoadId: /* @__PURE__ */ (() => z.string().min(1))(),
  ts: /* @__PURE__ */ (() => z.number().int().nonnegative())(),
};

export const performanceRecordSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('event', [
    z.object({ ...recordBase, event: z.literal('web_vital'), data: webVitalDataSchema }),
    z.object({ ...recordBase, event: z.literal('page_speed'), data: pageSpeedDataSchema }),
  ]))();
export type PerformanceRecord = z.infer<typeof performanceRecordSchema>;

/** Body of POST /api/1/performance/records (sent as text/plain JSON). */
export const performanceRecordBatchSchema = /* @__PURE__ */ (() => z.array(performanceRecordSchema).min(1))();
