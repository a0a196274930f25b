import type { AnalyticsReport } from './types';

const days = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
  const visits = 40 + ((i * 17) % 23) + (i % 7 === 5 ? 25 : 0);
  return { date, visits, pageViews: Math.round(visits * 2.6) };
});

/** A month of a small shop, for stories and tests. */
export const sampleReport: AnalyticsReport = {
  range: { from: '2026-01-01', to: '2026-01-30', tz: 'America/New_York' },
  currency: 'USD',
  totals: {
    visits: days.reduce((n, d) => n + d.visits, 0),
    uniqueVisitors: 1184,
    pageViews: days.reduce((n, d) => n + d.pageViews, 0),
    orders: 37,
    revenueCents: 284_650,
  },
  daily: days,
  topPages: [
    { path: '/', pageViews: 1620 },
    { path: '/shop', pageViews: 948 },
    { path: '/shop/p/harbour-at-dawn', pageViews: 412 },
    { path: '/about', pageViews: 233 },
    { path: '/checkout', pageViews: 61 },
  ],
  topReferrers: [
    { referrer: '', visits: 802 },
    { referrer: 'www.google.com', visits: 611 },
    { referrer: 'www.instagram.com', visits: 204 },
    { referrer: 'news.example.org', visits: 37 },
  ],
  funnel: [
    { step: 'product-view', count: 540 },
    { step: 'add-to-cart', count: 121 },
    { step: 'checkout', count: 58 },
    { step: 'purchase', count: 37 },
  ],
  newVsReturning: { new: 1040, returning: 612 },
  vitals: [
    {
      path: '/',
      metrics: {
        LCP: { p75: 2100, samples: 880, rating: 'good' },
        CLS: { p75: 0.04, samples: 880, rating: 'good' },
        INP: { p75: 240, samples: 410, rating: 'needs-improvement' },
        FID: { p75: 18, samples: 390, rating: 'good' },
      },
    },
    {
      path: '/shop/p/harbour-at-dawn',
      metrics: {
        LCP: { p75: 4400, samples: 260, rating: 'poor' },
        CLS: { p75: 0.18, samples: 260, rating: 'needs-improvement' },
      },
    },
  ],
};

export const emptyReport: AnalyticsReport = {
  ...sampleReport,
  totals: { visits: 0, uniqueVisitors: 0, pageViews: 0, orders: 0, revenueCents: 0 },
  daily: days.map((d) => ({ ...d, visits: 0, pageViews: 0 })),
  topPages: [],
  topReferrers: [],
  funnel: sampleReport.funnel.map((s) => ({ ...s, count: 0 })),
  newVsReturning: { new: 0, returning: 0 },
  vitals: [],
};
