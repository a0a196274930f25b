import { ACCEPTED_TRACKING_STATUSES, ENDPOINT, LEGACY_EVENT } from '../constants';
import type { CookieJar } from '../cookies/cookie-jar';
import { readCrumb } from '../cookies/cookie-policy';
import { messages } from '../messages';
import type { PageContext } from '../page-context/page-context';
import type { PageEnvironment } from '../page-environment/page-environment';
import type { Logger } from '../runtime/logger';
import {
  FORM_CONTENT_TYPE,
  JSON_CONTENT_TYPE,
  TEXT_CONTENT_TYPE,
  formEncode,
  type Transport,
  type TransportRequest,
} from '../runtime/transport';
import type { AnalyticsIdentity } from './analytics-cookies';
import type { SourceEnvironment, SourceKind } from './enums';
import { parseQueryParams, type ClankerContext, type LegacyEventData } from './payloads';

export type EventFields = Readonly<Record<string, string | number | boolean | null>>;

export interface EventsDeps {
  transport: Transport;
  jar: CookieJar;
  logger: Logger;
  context: PageContext;
  environment: PageEnvironment;
  now: () => number;
  /** Undefined when tracking cookies are not allowed. */
  identity: () => AnalyticsIdentity | undefined;
  sourceEnvironment: SourceEnvironment;
  sourceKind: SourceKind;
  isEnabled: () => boolean;
}

export interface ClankerSendOptions {
  /** Send with navigator.sendBeacon (e.g. while leaving the page); falls back to fetch. */
  beacon?: boolean;
  /** Ask the events service to validate the content instead of recording it. */
  validate?: boolean;
}

export interface Events {
  /** Legacy tracking; resolves true when the service answered 200 or 202. */
  recordEvent(event: string, fields?: EventFields): Promise<boolean>;
  /** v2 tracking; resolves true when accepted (a beacon counts as accepted once queued). */
  sendClanker(
    schemaName: string,
    fields: Readonly<Record<string, unknown>>,
    options?: ClankerSendOptions,
  ): Promise<boolean>;
  /** A newsletter form saved a sign-up: the legacy event the form flow tracks on success. */
  newsletterSignUp(formId: string): Promise<boolean>;
  clankerContext(): ClankerContext;
  legacyData(fields?: EventFields): LegacyEventData;
}

export function createEvents(deps: EventsDeps): Events {
  const post = async (request: TransportRequest): Promise<boolean> => {
    try {
      const { status } = await deps.transport.post(request);
      if (ACCEPTED_TRACKING_STATUSES.includes(status)) return true;
      deps.logger.warn(messages.trackingStatusIgnored(request.url, status));
    } catch (error) {
      deps.logger.warn(messages.trackingRequestFailed(request.url), error);
    }
    return false;
  };

  const location = (): URL | undefined => {
    try {
      return new URL(deps.environment.url);
    } catch {
      return undefined;
    }
  };

  const legacyData = (fields: EventFields = {}): LegacyEventData => {
    const url = location();
    const c = deps.context;
    return {
      ...fields,
      websiteId: c.websiteId,
      templateId: c.templateId,
      ...(c.authenticatedAccount ? { memberAccountId: c.authenticatedAccount.id } : {}),
      ...(c.websiteLocale ? { websiteLocale: c.websiteLocale } : {}),
      ...(c.memberLocale ? { memberLocale: c.memberLocale } : {}),
      ...(c.pagePermissionType !== undefined ? { pagePermissionType: c.pagePermissionType } : {}),
      pagePath: url?.pathname ?? '',
      pageHash: url?.hash ?? '',
    };
  };

  const clankerContext = (): ClankerContext => {
    const url = location();
    const identity = deps.identity();
    return {
      ...(identity ? { analyticsId: identity.analyticsId, sessionId: identity.sessionId } : {}),
      browserLanguage: deps.environment.language,
      windowSize: deps.environment.viewport,
      pageHost: url?.host ?? '',
      path: url?.pathname ?? '',
      queryParams: parseQueryParams(url?.search ?? ''),
      referrer: deps.environment.referrer,
      userAgent: deps.environment.userAgent,
      timestamp: deps.now(),
      sourceEnvironment: deps.sourceEnvironment,
      sourceKind: deps.sourceKind,
    };
  };

  const recordEvent = async (event: string, fields?: EventFields): Promise<boolean> => {
    if (!deps.isEnabled()) return false;
    return post({
      url: ENDPOINT.recordEvent,
      body: formEncode({ crumb: readCrumb(deps.jar), event, data: JSON.stringify(legacyData(fields)) }),
      contentType: FORM_CONTENT_TYPE,
    });
  };

  return {
    legacyData,
    clankerContext,
    recordEvent,
    newsletterSignUp: (formId) => recordEvent(LEGACY_EVENT.newsletterSignUp, { formId }),
    async sendClanker(schemaName, fields, options = {}) {
      if (!deps.isEnabled()) return false;
      const body = JSON.stringify({
        eventSchemaName: schemaName,
        eventContent: JSON.stringify({ ...fields, ...clankerContext() }),
      });
      const url = options.validate ? ENDPOINT.clankerValidate(schemaName) : ENDPOINT.clankerEvents;
      // Beacons cannot carry application/json without a preflight; the API accepts text/plain JSON here.
      if (options.beacon && !options.validate && deps.transport.beacon?.(url, body, TEXT_CONTENT_TYPE))
        return true;
      return post({ url, body, contentType: JSON_CONTENT_TYPE, keepalive: options.beacon ?? false });
    },
  };
}
