import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordHitFormSchema } from './census/payloads';
import { createMemoryCookieJar } from './cookies/cookie-jar';
import { javascriptErrorBatchSchema } from './error-reporting/entries';
import type { PageContext } from './page-context/page-context';
import type { MeasuredMetric } from './performance/metric-source';
import { performanceRecordBatchSchema } from './performance/records';
import { systemClock } from './runtime/clock';
import { silentLogger } from './runtime/logger';
import { startTracking, type TrackingOptions } from './start-tracking';
import { cohortOf } from './session/session-flags';
import { createMemoryStorage } from './session/storage-entry';
import { createFakeLifecycle } from './testing/fake-lifecycle';
import { createFakeTransport } from './testing/fake-transport';
import { context, environment, sequentialIds } from './testing/fixtures';

const T0 = 1_700_000_000_000;

function run(
  ctx: PageContext = context,
  opts: { cookies?: Record<string, string>; url?: string; extra?: Partial<TrackingOptions> } = {},
) {
  const transport = createFakeTransport({ beacon: true });
  const jar = createMemoryCookieJar(opts.cookies ?? {}, () => Date.now());
  const lifecycle = createFakeLifecycle();
  const errorTarget = new EventTarget();
  let report: (m: MeasuredMetric) => void = () => undefined;
  const options: TrackingOptions = {
    transport,
    cookies: jar,
    clock: systemClock,
    logger: silentLogger,
    newId: sequentialIds(),
    environment: opts.url ? { ...environment, url: opts.url } : environment,
    lifecycle,
    metrics: (r) => (report = r),
    navigationTimings: () => ({}),
    errorTarget: errorTarget as unknown as Window,
    ...opts.extra,
  };
  const tracking = startTracking(ctx, options);
  const urls = () => transport.sent.map((r) => r.url);
  return { tracking, transport, jar, lifecycle, errorTarget, urls, metric: (m: MeasuredMetric) => report(m) };
}

describe('startTracking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('records the visit, sends the census hit with ss_cvr, and collects performance', async () => {
    const { tracking, transport, jar, lifecycle, metric, urls } = run();
    await tracking.pageView;
    expect(tracking.decision).toEqual({ enabled: true });
    expect(tracking.visitor?.kind).toBe('new-visitor');
    expect(jar.get('ss_cvr')).toBe(`id-1|${T0}|${T0}|${T0}|1`);
    expect(tracking.identity).toEqual({ analyticsId: 'id-2', sessionId: 'id-3' });
    expect(urls()).toEqual(['/api/census/RecordHit']);
    const hit = recordHitFormSchema.parse(Object.fromEntries(new URLSearchParams(transport.sent[0]!.body)));
    expect(hit.ss_cvr).toBe(jar.get('ss_cvr'));

    lifecycle.load();
    metric({ name: 'LCP', value: 1200, id: 'x' });
    lifecycle.hide();
    expect(urls()).toEqual(['/api/census/RecordHit', '/api/1/performance/records']);
    const records = performanceRecordBatchSchema.parse(JSON.parse(transport.sent[1]!.body));
    expect(records.map((r) => r.pageLoadId)).toEqual(['id-4', 'id-4']);
    expect(records[0]!.data).toMatchObject({ analyticsId: 'id-2', sessionId: 'id-3' });
  });

  it('sends the session flags with the page view: new on the first page, returning on a later visit', async () => {
    const storage = createMemoryStorage();
    const first = run(context, { extra: { storage } });
    await first.tracking.pageView;
    const hitOf = (t: typeof first) =>
      recordHitFormSchema.parse(Object.fromEntries(new URLSearchParams(t.transport.sent[0]!.body))).data;
    expect(hitOf(first)).toMatchObject({ firstLanding: true, firstSession: true, cohort: cohortOf('id-1') });
    expect(first.tracking.session).toEqual({
      firstLanding: true,
      firstSession: true,
      cohort: cohortOf('id-1'),
    });

    vi.setSystemTime(T0 + 2 * 3600_000);
    const later = run(context, { cookies: { ss_cvr: first.jar.get('ss_cvr')! }, extra: { storage } });
    await later.tracking.pageView;
    expect(hitOf(later)).toMatchObject({
      firstLanding: false,
      firstSession: false,
      cohort: cohortOf('id-1'),
    });
  });

  it('keeps no session flags when cookies are refused', async () => {
    const storage = createMemoryStorage();
    const { tracking, transport } = run(
      { ...context, cookieSettings: { isRestrictiveCookiePolicyEnabled: true } },
      { extra: { storage } },
    );
    await tracking.pageView;
    expect(tracking.session).toBeUndefined();
    expect(storage.items.size).toBe(0);
    expect(transport.sent[0]!.body).not.toContain('firstLanding');
  });

  it.each<[string, Partial<PageContext>]>([
    ['logged-in account', { authenticatedAccount: { id: 'a' }, websiteRoles: { admin: true } }],
    ['not-found page', { pageType: 100 }],
    ['lock screen', { pageType: 103 }],
    ['access denied', { pageType: 106 }],
    ['census disabled', { censusDisabled: true }],
  ])('tracks nothing for a %s but still reports errors', async (_label, patch) => {
    const { tracking, jar, urls, lifecycle, metric, errorTarget } = run({ ...context, ...patch });
    await tracking.pageView;
    lifecycle.load();
    metric({ name: 'FCP', value: 1, id: 'x' });
    lifecycle.hide();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tracking.decision.enabled).toBe(false);
    expect(tracking.visitor).toBeUndefined();
    expect(tracking.performance).toBeUndefined();
    expect(jar.entries()).toEqual([]);
    expect(urls()).toEqual([]);
    errorTarget.dispatchEvent(Object.assign(new Event('error'), { error: new Error('x') }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(urls()).toEqual(['/api/events/RecordJavascriptErrors']);
  });

  it('keeps a viewer-only member tracked outside /config', async () => {
    const { tracking, urls } = run({
      ...context,
      authenticatedAccount: { id: 'a' },
      websiteRoles: { viewer: true },
    });
    await tracking.pageView;
    expect(urls()).toEqual(['/api/census/RecordHit']);
  });

  it('records the visit but no page view on /search', async () => {
    const { tracking, urls } = run(
      { ...context, pageType: 102 },
      { url: 'https://shop.example/search?q=mug' },
    );
    await tracking.pageView;
    expect(tracking.visitor?.kind).toBe('new-visitor');
    expect(urls()).toEqual([]);
  });

  it('clears tracking cookies and sends an anonymous hit under a restrictive policy without consent', async () => {
    const ctx = { ...context, cookieSettings: { isRestrictiveCookiePolicyEnabled: true } };
    const { tracking, jar, transport } = run(ctx, {
      cookies: { ss_cvr: `old|${T0}|${T0}|${T0}|4`, ss_cvt: String(T0), ss_aid: 'a', crumb: 'c' },
    });
    await tracking.pageView;
    expect(tracking.cookiesAllowed).toBe(false);
    expect(tracking.visitor).toBeUndefined();
    expect(jar.entries().map((c) => c.name)).toEqual(['crumb']);
    expect(new URLSearchParams(transport.sent[0]!.body).get('ss_cvr')).toBe('');
  });

  it('keeps tracking cookies once the visitor consented', async () => {
    const ctx = { ...context, cookieSettings: { isRestrictiveCookiePolicyEnabled: true } };
    const { tracking } = run(ctx, {
      cookies: { ss_cookieAllowed: 'true', ss_cvr: `old|${T0 - 1}|${T0 - 1}|${T0 - 1}|4` },
    });
    expect(tracking.visitor).toMatchObject({ kind: 'new-visit', record: { id: 'old', visitCount: 5 } });
  });

  it('without analytics consent records nothing but still feeds the ad pixel the visitor allowed', async () => {
    const fbq = vi.fn();
    const { tracking, jar, urls, lifecycle, metric } = run(context, {
      extra: { analytics: false, pageTagTarget: () => ({ fbq }) },
    });
    await tracking.pageView;
    lifecycle.load();
    metric({ name: 'LCP', value: 1200, id: 'x' });
    lifecycle.hide();
    await tracking.census.formRender('form-1');
    expect(tracking.visitor).toBeUndefined();
    expect(tracking.performance).toBeUndefined();
    expect(jar.entries()).toEqual([]);
    expect(urls()).toEqual([]);
    expect(tracking.pageTags.lead()).toBe(true);
    expect(fbq).toHaveBeenCalledWith('track', 'Lead');
  });

  it('flushes queued error reports when the page is hidden, and stop detaches everything', async () => {
    const { tracking, transport, lifecycle, errorTarget } = run();
    await tracking.pageView;
    errorTarget.dispatchEvent(Object.assign(new Event('error'), { error: new Error('late') }));
    lifecycle.hide();
    await vi.advanceTimersByTimeAsync(0);
    const reports = transport.sent.filter((r) => r.url === '/api/events/RecordJavascriptErrors');
    expect(javascriptErrorBatchSchema.parse(JSON.parse(reports[0]!.body))[0]!.data.message).toBe('late');
    tracking.stop();
    const before = transport.sent.length;
    errorTarget.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after stop') }));
    lifecycle.hide();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(transport.sent).toHaveLength(before);
  });
});
