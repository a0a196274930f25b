/**
 * Business constants of the tracking layer (storefront.md §9, platform.md §9).
 * Kept in one place so the API and the browser agree on every limit.
 */

/** Visitor record cookie lifetime: 2 years. */
export const VISITOR_RECORD_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
/** Visit timer lifetime: 30 minutes. */
export const VISIT_TIMER_MAX_AGE_SECONDS = 30 * 60;
/** Analytics id cookie lifetime: 390 days. */
export const ANALYTICS_COOKIE_MAX_AGE_SECONDS = 390 * 24 * 60 * 60;

/** Time-out of every tracking request. */
export const TRACKING_REQUEST_TIMEOUT_MS = 2500;

/** Error reporter limits. */
export const ERROR_STACK_MAX_LENGTH = 5000;
export const ERROR_QUEUE_MAX = 10;
export const ERROR_SENDS_MAX = 20;
export const ERROR_DEBOUNCE_MS = 1000;
export const ERROR_EVENT_PREFIX = 'interface_error_';

/** Performance collector timings. */
export const PERFORMANCE_FLUSH_AFTER_LOAD_MS = 30_000;
export const PAGE_SPEED_WAIT_MS = 60_000;

/** Statuses the events services answer on success. */
export const ACCEPTED_TRACKING_STATUSES: readonly number[] = [200, 202];

/** Query parsing stops after this many keys. */
export const QUERY_MAX_KEYS = 1000;

/** Cookie names (storefront.md §3). */
export const COOKIE = {
  visitorRecord: 'ss_cvr',
  visitTimer: 'ss_cvt',
  legacyClientId: 'ss_cid',
  legacyPreviousVisit: 'ss_cpvisit',
  legacyVisit: 'ss_cvisit',
  cookieAllowed: 'ss_cookieAllowed',
  crumb: 'crumb',
  // The spec names the analytics id and session cookies without spelling them; these are ours.
  analyticsId: 'ss_aid',
  analyticsSession: 'ss_asid',
} as const;

/** Cookies this package writes or that identify a visitor: cleared under a restrictive policy. */
export const TRACKING_COOKIES: readonly string[] = [
  COOKIE.visitorRecord,
  COOKIE.visitTimer,
  COOKIE.legacyClientId,
  COOKIE.legacyPreviousVisit,
  COOKIE.legacyVisit,
  COOKIE.analyticsId,
  COOKIE.analyticsSession,
];

/** Header that carries the crumb (CSRF token). */
export const CRUMB_HEADER = 'X-CSRF-Token';

/** Endpoints (storefront.md §7, platform.md §7). */
export const ENDPOINT = {
  recordHit: '/api/census/RecordHit',
  buttonClick: '/api/census/button-click',
  buttonRender: '/api/census/button-render',
  formRender: '/api/census/form-render',
  overlay: '/api/census/overlay',
  quickView: (itemId: string) => `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`,
  javascriptErrors: '/api/events/RecordJavascriptErrors',
  recordEvent: '/api/events/RecordEvent',
  clankerEvents: '/api/v1/clanker/events',
  clankerValidate: (schemaName: string) =>
    `/api/v1/clanker/validate-event-content/${encodeURIComponent(schemaName)}`,
  performanceRecords: '/api/1/performance/records',
  /** The visitor's recording id (platform.md §7): GET, answers a JSON string. */
  recordingId: '/api/commerce/fullstory/getId',
  recordingEvents: (recordingId: string) =>
    `/api/visitor-recordings/${encodeURIComponent(recordingId)}/events`,
} as const;

/** Page type codes that switch tracking off (storefront.md §2, §4). */
export const PAGE_TYPE = {
  notFound: 100,
  search: 102,
  lockScreen: 103,
  accessDenied: 106,
} as const;

export const SEARCH_PATH = '/search';
export const CONFIG_PATH = '/config';
export const VIEWER_ROLE = 'viewer';

/** Beta flag that gates commerce site-visitor events. */
export const COMMERCE_VISITOR_METRICS_FLAG = 'commerce_site_visitor_metrics';

/**
 * Who may see the page, attached to events and form submissions (storefront.md §3, §6). The spec
 * names the field, not its values; these are ours, shared by the API and the browser.
 */
export const PAGE_PERMISSION_TYPE = {
  public: 0,
  /** Behind a password lock screen (the page's own or the site's). */
  password: 1,
  /** Members only. */
  members: 2,
} as const;

/** Legacy events (POST /api/events/RecordEvent) the storefront records by name. */
export const LEGACY_EVENT = {
  /** A newsletter form saved a sign-up (storefront.md §4, form submission). */
  newsletterSignUp: 'newsletter_form_signup',
} as const;

/** DOM-settle helper (platform.md §9): give up after 3000 ms, settled after 100 ms without a change. */
export const DOM_SETTLE_TIMEOUT_MS = 3000;
export const DOM_SETTLE_QUIET_MS = 100;

/** What a recording keeps of a password field's value (platform.md §9): never the value. */
export const PASSWORD_MASK = '__MASKED_FIELD__';

/**
 * Visitor recordings (platform.md §4): only for visitors in the US or Japan (ISO 3166-1), and only
 * on devices with more than this many CPU cores, so a slow device never pays for the recorder.
 */
export const RECORDING_COUNTRIES: readonly string[] = ['US', 'JP'];
export const RECORDING_MIN_CORES_EXCLUSIVE = 2;
/** The recording id that means "do not record" (platform.md §7): the client ignores it. */
export const AUTOMATED_RECORDING_ID = 'automated-mock-id';

/** Query parameter of experiment overrides: `?experiment-override=<experiment>:<variant>`. */
export const EXPERIMENT_OVERRIDE_PARAM = 'experiment-override';
