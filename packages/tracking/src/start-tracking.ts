import { COOKIE } from './constants';
import { createCensus, type Census } from './census/census';
import { createDocumentCookieJar, type CookieJar } from './cookies/cookie-jar';
import { clearTrackingCookies, trackingCookiesAllowed } from './cookies/cookie-policy';
import { createErrorReporter, type ErrorReporter } from './error-reporting/error-reporter';
import { ensureAnalyticsIdentity, type AnalyticsIdentity } from './events/analytics-cookies';
import type { SourceEnvironment, SourceKind } from './events/enums';
import { createEvents, type Events } from './events/events';
import type { PageContext } from './page-context/page-context';
import { pathOf, readPageEnvironment, type PageEnvironment } from './page-environment/page-environment';
import { createBrowserLifecycle, type PageLifecycle } from './page-lifecycle/page-lifecycle';
import { startPerformanceCollector, type PerformanceCollector } from './performance/collector';
import { webVitalsSource, type MetricSource } from './performance/metric-source';
import { readNavigationTimings, type PageSpeedTimings } from './performance/navigation-timing';
import { systemClock, type Clock } from './runtime/clock';
import { randomId, type IdGenerator } from './runtime/ids';
import { consoleLogger, type Logger } from './runtime/logger';
import { createBrowserTransport, type Transport } from './runtime/transport';
import { createPageTags, type PageTags, type PageTagTarget } from './page-tags/page-tags';
import { createSiteVisitorEvents, type SiteVisitorEvents } from './site-visitor-events/site-visitor-events';
import { decideTracking, recordsPageView, type TrackingDecision } from './visitor-tracking/tracking-rules';
import { recordVisit, type VisitResult } from './visitor-record/visit';
import { keepSessionFlags, type SessionFlags } from './session/session-flags';
import type { EntryStorage } from './session/storage-entry';

/** window.localStorage, or undefined where reading it throws (blocked storage, old Safari). */
function browserStorage(): EntryStorage | undefined {
  try {
    return globalThis.window?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export interface TrackingOptions {
  /** Defaults to the browser's fetch + sendBeacon with the 2500 ms time-out. */
  transport?: Transport;
  /** Defaults to document.cookie. */
  cookies?: CookieJar;
  clock?: Clock;
  logger?: Logger;
  newId?: IdGenerator;
  /** Defaults to a snapshot of window. */
  environment?: PageEnvironment;
  /** Defaults to window load / visibilitychange / pagehide. */
  lifecycle?: PageLifecycle;
  /** Defaults to web-vitals plus our first-input observer. */
  metrics?: MetricSource;
  navigationTimings?: () => PageSpeedTimings;
  /** Where uncaught errors are listened for; defaults to window. Pass null to skip. */
  errorTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** `app` of performance records. */
  app?: string;
  sourceEnvironment?: SourceEnvironment;
  sourceKind?: SourceKind;
  /** Where the site's own ad pixel and page tag are found; defaults to window. */
  pageTagTarget?: () => PageTagTarget | undefined;
  /** Turn the performance collector off (it is also off whenever tracking is). */
  performance?: boolean;
  /** Where the session flags are kept; defaults to localStorage. */
  storage?: EntryStorage;
  /**
   * The visitor's analytics consent (default true). False: no visit record, page view, census,
   * events or performance; the ad pixel (marketing, gated by `pageTagTarget`) may still be fed.
   */
  analytics?: boolean;
}

export interface Tracking {
  decision: TrackingDecision;
  /** False under a restrictive cookie policy without consent: no visitor cookies are kept. */
  cookiesAllowed: boolean;
  /** The visit this page view belongs to; absent when tracking or cookies are off. */
  visitor?: VisitResult;
  identity?: AnalyticsIdentity;
  /** First landing, first session and survey cohort; kept only with the visitor record. */
  session?: SessionFlags;
  /** Resolves once the page-view hit has been sent (or skipped). */
  pageView: Promise<void>;
  census: Census;
  events: Events;
  siteVisitor: SiteVisitorEvents;
  /** Ad-pixel events and the page tag's purchase, to the tags the site installed. */
  pageTags: PageTags;
  errors: ErrorReporter;
  performance?: PerformanceCollector;
  stop(): void;
}

/** The storefront's single entry: applies the cookie policy and tracking rules, then starts every piece. */
export function startTracking(context: PageContext, options: TrackingOptions = {}): Tracking {
  const jar = options.cookies ?? createDocumentCookieJar();
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger;
  const newId = options.newId ?? randomId;
  const transport = options.transport ?? createBrowserTransport();
  const environment = options.environment ?? readPageEnvironment();
  const lifecycle = options.lifecycle ?? createBrowserLifecycle();
  const path = pathOf(environment.url);

  const cookiesAllowed = trackingCookiesAllowed(context.cookieSettings, jar);
  if (!cookiesAllowed) clearTrackingCookies(jar);

  const decision = decideTracking(context, path);
  const analytics = decision.enabled && options.analytics !== false;
  const isEnabled = () => analytics;
  const visitor = analytics && cookiesAllowed ? recordVisit({ jar, now: clock.now(), newId }) : undefined;
  const identity = visitor ? ensureAnalyticsIdentity(jar, newId) : undefined;
  const storage = visitor ? (options.storage ?? browserStorage()) : undefined;
  const session = visitor && storage ? keepSessionFlags(storage, visitor.record, clock.now()) : undefined;
  const visitorCookie = () => (visitor && cookiesAllowed ? (jar.get(COOKIE.visitorRecord) ?? '') : '');

  const census = createCensus({
    transport,
    context,
    environment,
    visitorCookie,
    now: () => clock.now(),
    isEnabled,
    ...(session ? { session } : {}),
  });
  const events = createEvents({
    transport,
    jar,
    logger,
    context,
    environment,
    now: () => clock.now(),
    identity: () => identity,
    sourceEnvironment: options.sourceEnvironment ?? 'prod',
    sourceKind: options.sourceKind ?? 'WEB',
    isEnabled,
  });
  const siteVisitor = createSiteVisitorEvents({ events, context, isEnabled });
  const pageTags = createPageTags({
    target: options.pageTagTarget ?? (() => globalThis.window as PageTagTarget | undefined),
    isEnabled: () => decision.enabled,
    logger,
  });

  // Error reports describe our code, not the visitor, so they run even when tracking is off.
  const errors = createErrorReporter({ transport, jar, clock, logger, context, environment });
  const errorTarget = options.errorTarget === undefined ? globalThis.window : options.errorTarget;
  const uninstallErrors = errorTarget ? errors.install(errorTarget) : () => undefined;
  const stopErrorFlush = lifecycle.onHidden(() => void errors.flush());

  const performance =
    analytics && options.performance !== false
      ? startPerformanceCollector({
          transport,
          clock,
          lifecycle,
          metrics: options.metrics ?? webVitalsSource,
          app: options.app ?? 'storefront',
          pageLoadId: newId(),
          analyticsIds: () => identity ?? {},
          navigationTimings: options.navigationTimings ?? (() => readNavigationTimings()),
        })
      : undefined;

  const pageView = analytics && recordsPageView(context, path) ? census.recordHit() : Promise.resolve();

  return {
    decision,
    cookiesAllowed,
    ...(visitor ? { visitor } : {}),
    ...(identity ? { identity } : {}),
    ...(session ? { session } : {}),
    pageView,
    census,
    events,
    siteVisitor,
    pageTags,
    errors,
    ...(performance ? { performance } : {}),
    stop() {
      uninstallErrors();
      stopErrorFlush();
      performance?.stop();
    },
  };
}
