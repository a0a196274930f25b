import type { FunnelStep, RangePreset, VitalName, VitalRating } from './types';

export const analyticsMessages = {
  title: 'Analytics',
  range: 'Date range',
  presets: {
    '7': 'Last 7 days',
    '30': 'Last 30 days',
    '90': 'Last 90 days',
    custom: 'Custom',
  } satisfies Record<RangePreset, string>,
  from: 'From',
  to: 'To',
  apply: 'Apply',
  invalidRange: 'Choose a start day on or before the end day, at most 400 days apart.',
  loading: 'Loading…',
  liveNote: 'Today’s figures are updated every minute.',
  noData: 'No visits yet',
  noDataBody: 'Visits, sales and page speed show here once people visit the site in this period.',
  kpis: {
    visits: 'Visits',
    uniqueVisitors: 'Unique visitors (estimate)',
    newVisits: 'New visitors’ visits',
    returningVisits: 'Returning visitors’ visits',
    pageViews: 'Page views',
    orders: 'Orders',
    revenue: 'Revenue',
  },
  trafficChart: 'Visits and page views per day',
  date: 'Day',
  funnelChart: 'Conversion funnel',
  funnelNote:
    'Visits with a product view, then sessions that added to the cart, sessions that opened the checkout, and orders placed.',
  steps: {
    'product-view': 'Product view',
    'add-to-cart': 'Add to cart',
    checkout: 'Checkout',
    purchase: 'Purchase',
  } satisfies Record<FunnelStep, string>,
  count: 'Count',
  ofFirst: 'Of first step',
  topPages: 'Top pages',
  page: 'Page',
  topReferrers: 'Top referrers',
  referrer: 'Referrer',
  direct: 'Direct or none',
  unknownPage: 'Page not known',
  vitals: 'Core Web Vitals of the top pages (75th percentile)',
  vitalsNote:
    'Good and poor limits: LCP 2.5 s / 4 s, CLS 0.1 / 0.25, INP 200 ms / 500 ms, FID 100 ms / 300 ms.',
  vitalNames: {
    LCP: 'Largest contentful paint',
    CLS: 'Layout shift',
    INP: 'Interaction to next paint',
    FID: 'First input delay',
  } satisfies Record<VitalName, string>,
  ratings: { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } satisfies Record<
    VitalRating,
    string
  >,
  samples: (n: number) => `${n} ${n === 1 ? 'sample' : 'samples'}`,
  none: 'None in this period.',
  notMeasured: 'Not measured',
} as const;
