/** The three ratings of platform.md §9's thresholds. */
export type VitalRating = 'good' | 'needs-improvement' | 'poor';
export type VitalName = 'LCP' | 'CLS' | 'INP' | 'FID';
export type FunnelStep = 'product-view' | 'add-to-cart' | 'checkout' | 'purchase';

/** GET /api/editor/analytics. */
export interface AnalyticsReport {
  range: { from: string; to: string; tz: string };
  currency: string;
  totals: { visits: number; uniqueVisitors: number; pageViews: number; orders: number; revenueCents: number };
  daily: { date: string; visits: number; pageViews: number }[];
  topPages: { path: string; pageViews: number }[];
  /** '' is a visit without an outside referrer. */
  topReferrers: { referrer: string; visits: number }[];
  funnel: { step: FunnelStep; count: number }[];
  /** Visits by the session flags of their first page view; visits without them are in neither. */
  newVsReturning: { new: number; returning: number };
  /** '' is the page of records that did not name one. */
  vitals: {
    path: string;
    metrics: Partial<Record<VitalName, { p75: number; samples: number; rating: VitalRating }>>;
  }[];
}

export type RangePreset = '7' | '30' | '90' | 'custom';
/** Local calendar days, YYYY-MM-DD, both included. */
export interface DateRange {
  preset: RangePreset;
  from: string;
  to: string;
}
