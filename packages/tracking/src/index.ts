export {
  ACCEPTED_TRACKING_STATUSES,
  ANALYTICS_COOKIE_MAX_AGE_SECONDS,
  AUTOMATED_RECORDING_ID,
  DOM_SETTLE_QUIET_MS,
  DOM_SETTLE_TIMEOUT_MS,
  EXPERIMENT_OVERRIDE_PARAM,
  PASSWORD_MASK,
  RECORDING_COUNTRIES,
  RECORDING_MIN_CORES_EXCLUSIVE,
  COMMERCE_VISITOR_METRICS_FLAG,
  CONFIG_PATH,
  LEGACY_EVENT,
  PAGE_PERMISSION_TYPE,
  COOKIE,
  CRUMB_HEADER,
  ENDPOINT,
  ERROR_DEBOUNCE_MS,
  ERROR_EVENT_PREFIX,
  ERROR_QUEUE_MAX,
  ERROR_SENDS_MAX,
  ERROR_STACK_MAX_LENGTH,
  PAGE_SPEED_WAIT_MS,
  PAGE_TYPE,
  PERFORMANCE_FLUSH_AFTER_LOAD_MS,
  QUERY_MAX_KEYS,
  SEARCH_PATH,
  TRACKING_COOKIES,
  TRACKING_REQUEST_TIMEOUT_MS,
  VIEWER_ROLE,
  VISIT_TIMER_MAX_AGE_SECONDS,
  VISITOR_RECORD_MAX_AGE_SECONDS,
} from './constants';
export { messages } from './messages';

export { systemClock, type Clock } from './runtime/clock';
export { randomId, type IdGenerator } from './runtime/ids';
export { consoleLogger, silentLogger, type Logger } from './runtime/logger';
export {
  createBrowserTransport,
  formEncode,
  FORM_CONTENT_TYPE,
  JSON_CONTENT_TYPE,
  TEXT_CONTENT_TYPE,
  type BrowserTransportOptions,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './runtime/transport';

export {
  createDocumentCookieJar,
  createMemoryCookieJar,
  readCookie,
  serializeCookie,
  type CookieDocument,
  type CookieJar,
  type CookieWriteOptions,
  type MemoryCookieJar,
} from './cookies/cookie-jar';
export {
  clearTrackingCookies,
  readCrumb,
  trackingCookiesAllowed,
  type CookieSettings,
} from './cookies/cookie-policy';

export { hasBetaFlag, pageContextSchema, type PageContext } from './page-context/page-context';
export { pathOf, readPageEnvironment, type PageEnvironment } from './page-environment/page-environment';
export { createBrowserLifecycle, type PageLifecycle } from './page-lifecycle/page-lifecycle';

export {
  decideTracking,
  recordsPageView,
  type TrackingDecision,
  type TrackingOffReason,
} from './visitor-tracking/tracking-rules';

export {
  formatVisitorRecord,
  parseVisitTimer,
  parseVisitorRecord,
  visitorRecordCookieSchema,
  type VisitorRecord,
} from './visitor-record/visitor-record';
export { recordVisit, type RecordVisitDeps, type VisitKind, type VisitResult } from './visitor-record/visit';

export {
  buttonEventSchema,
  buttonFieldsSchema,
  CENSUS_HIT_EVENTS,
  censusPageFieldsSchema,
  formRenderEventSchema,
  OVERLAY_ACTIONS,
  overlayEventSchema,
  overlayFieldsSchema,
  recordHitDataSchema,
  recordHitFormSchema,
  visitorCookieFieldSchema,
  type ButtonEvent,
  type ButtonFields,
  type CensusPageFields,
  type FormRenderEvent,
  type OverlayEvent,
  type OverlayFields,
  type RecordHitData,
  type RecordHitForm,
} from './census/payloads';
export { buildRecordHitData, createCensus, type Census, type CensusDeps } from './census/census';

export {
  describeError,
  errorEventName,
  javascriptErrorBatchSchema,
  javascriptErrorDataSchema,
  javascriptErrorEntrySchema,
  truncateStack,
  type DescribedError,
  type JavascriptErrorBatch,
  type JavascriptErrorData,
  type JavascriptErrorEntry,
} from './error-reporting/entries';
export {
  createErrorReporter,
  type ErrorReporter,
  type ErrorReporterDeps,
} from './error-reporting/error-reporter';

export {
  METRIC_NAMES,
  METRIC_RATINGS,
  METRIC_THRESHOLDS,
  rateMetric,
  type MetricName,
  type MetricRating,
} from './performance/thresholds';
export {
  PAGE_SPEED_REASONS,
  pageSpeedDataSchema,
  performanceRecordBatchSchema,
  performanceRecordSchema,
  webVitalDataSchema,
  type PageSpeedData,
  type PerformanceRecord,
  type WebVitalData,
} from './performance/records';
export {
  observeFirstInput,
  webVitalsSource,
  type MeasuredMetric,
  type MetricSource,
} from './performance/metric-source';
export { readNavigationTimings, type PageSpeedTimings } from './performance/navigation-timing';
export {
  PERFORMANCE_COLLECTOR_VERSION,
  startPerformanceCollector,
  type AnalyticsIds,
  type PerformanceCollector,
  type PerformanceCollectorDeps,
} from './performance/collector';

export { SOURCE_ENVIRONMENTS, SOURCE_KINDS, type SourceEnvironment, type SourceKind } from './events/enums';
export { ensureAnalyticsIdentity, type AnalyticsIdentity } from './events/analytics-cookies';
export {
  clankerContextSchema,
  clankerEventContentSchema,
  clankerEventSchema,
  legacyEventDataSchema,
  parseQueryParams,
  recordEventFormSchema,
  type ClankerContext,
  type ClankerEvent,
  type LegacyEventData,
  type RecordEventForm,
} from './events/payloads';
export {
  createEvents,
  type ClankerSendOptions,
  type EventFields,
  type Events,
  type EventsDeps,
} from './events/events';

export {
  PRODUCT_ITEM_TYPES,
  PRODUCT_PAGES,
  productItemTypeSchema,
  SITE_VISITOR_SCHEMA_NAME,
  siteVisitorEventSchema,
  siteVisitorProductSchema,
  siteVisitorPurchaseItemSchema,
  type SiteVisitorPurchaseItem,
  type ProductItemType,
  type ProductPage,
  type SiteVisitorEvent,
  type SiteVisitorEventName,
  type SiteVisitorProduct,
} from './site-visitor-events/payloads';
export {
  createSiteVisitorEvents,
  type ProductFacts,
  type PurchaseFacts,
  type SiteVisitorDeps,
  type SiteVisitorEvents,
} from './site-visitor-events/site-visitor-events';

export {
  AD_PIXEL_EVENTS,
  createPageTags,
  type AdPixelEvent,
  type PageTagDeps,
  type PageTagOrder,
  type PageTagProduct,
  type PageTags,
  type PageTagTarget,
} from './page-tags/page-tags';

export { startTracking, type Tracking, type TrackingOptions } from './start-tracking';

export {
  createMemoryStorage,
  readStorageEntry,
  writeStorageEntry,
  type EntryStorage,
  type StorageEntry,
} from './session/storage-entry';
export {
  cohortOf,
  isSurveyCohort,
  keepSessionFlags,
  SESSION_FLAGS_KEY,
  SURVEY_COHORTS,
  type SessionFlags,
  type SurveyCohort,
} from './session/session-flags';
export {
  decideRecording,
  enoughCores,
  type RecordingDecision,
  type RecordingFacts,
  type RecordingRefusal,
} from './session-recording/gate';
export {
  parseExperimentOverrides,
  RECORDING_EXPERIMENT,
  RECORDING_SHARES,
  RECORDING_VARIANTS,
  recordingVariant,
  type RecordingShare,
  type RecordingVariant,
} from './session-recording/experiments';
export { waitForDomSettle, type DomSettled, type DomSettleOptions } from './session-recording/dom-settle';
export {
  RECORDING_BATCH_MAX,
  RECORDING_ID_PATTERN,
  RECORDING_TEXT_MAX,
  recordingBatchSchema,
  recordingEventSchema,
  recordingIdSchema,
  type RecordingBatch,
  type RecordingEvent,
} from './session-recording/payloads';
export {
  clickEvent,
  describeElement,
  fieldEvent,
  RECORDING_FLUSH_MS,
  SCROLL_STEP_PERCENT,
  scrollDepth,
  startSessionRecorder,
  type Recorder,
  type RecorderDeps,
} from './session-recording/recorder';
export {
  recordingIdUrl,
  startVisitorRecording,
  type VisitorRecordingDeps,
} from './session-recording/start-recording';
export {
  DEFAULT_RECORDING_SETTINGS,
  RECORDING_MAX_BYTES,
  RECORDING_RETENTION_DAYS,
  RECORDINGS_PAGE_SIZE,
  RECORDINGS_PER_SITE_MAX,
  recordingListQuerySchema,
  recordingSettingsOf,
  recordingSettingsSchema,
  VISITOR_RECORDINGS_API,
  visitorRecordingMessages,
  type RecordingDetail,
  type RecordingList,
  type RecordingSettings,
  type RecordingSummary,
} from './session-recording/editor-api';
