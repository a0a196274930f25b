import { ENDPOINT } from '../constants';
import type { PageContext } from '../page-context/page-context';
import type { PageEnvironment } from '../page-environment/page-environment';
import type { Transport } from '../runtime/transport';
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE, formEncode } from '../runtime/transport';
import type { SessionFlags } from '../session/session-flags';
import type { ButtonFields, CensusPageFields, OverlayFields, RecordHitData } from './payloads';

export interface CensusDeps {
  transport: Transport;
  context: PageContext;
  environment: PageEnvironment;
  /** Current ss_cvr value; empty when tracking cookies are not allowed. */
  visitorCookie: () => string;
  now: () => number;
  /** Checked on every call so a late opt-out stops sending. */
  isEnabled: () => boolean;
  /** This page's session flags; absent when the visitor's cookies are not kept. */
  session?: SessionFlags;
}

export interface Census {
  recordHit(): Promise<void>;
  buttonClick(button: ButtonFields): Promise<void>;
  buttonRender(button: ButtonFields): Promise<void>;
  formRender(formId: string): Promise<void>;
  overlay(fields: OverlayFields): Promise<void>;
  quickView(itemId: string): Promise<void>;
}

export function buildRecordHitData(
  context: PageContext,
  env: PageEnvironment,
  now: number,
  session?: SessionFlags,
): RecordHitData {
  let queryString = '';
  try {
    queryString = new URL(env.url).search.replace(/^\?/, '');
  } catch {
    // Keep the hit even for an odd URL; the server sees the raw url field.
  }
  return {
    userAgent: env.userAgent,
    clientDate: now,
    viewport: env.viewport,
    screen: env.screen,
    websiteId: context.websiteId,
    templateId: context.templateId,
    locale: context.websiteLocale ?? env.language,
    url: env.url,
    title: env.title,
    ...(context.itemId ? { itemId: context.itemId } : {}),
    ...(context.collectionId ? { collectionId: context.collectionId } : {}),
    localStorageSupported: env.localStorageSupported,
    queryString,
    referrer: env.referrer,
    ...session,
  };
}

/** Census calls: fire and forget, failures ignored (storefront.md §7). */
export function createCensus(deps: CensusDeps): Census {
  const send = async (url: string, body: string, contentType: string): Promise<void> => {
    if (!deps.isEnabled()) return;
    try {
      await deps.transport.post({ url, body, contentType });
    } catch {
      // The census is best effort; a lost hit must never surface to the visitor.
    }
  };
  const pageFields = (): CensusPageFields => ({
    visitorCookie: deps.visitorCookie(),
    websiteId: deps.context.websiteId,
    templateId: deps.context.templateId,
    ...(deps.context.collectionId ? { collectionId: deps.context.collectionId } : {}),
    ...(deps.context.itemId ? { itemId: deps.context.itemId } : {}),
    url: deps.environment.url,
  });
  const json = (url: string, extra: object) =>
    send(url, JSON.stringify({ ...pageFields(), ...extra }), JSON_CONTENT_TYPE);

  return {
    recordHit: () =>
      send(
        ENDPOINT.recordHit,
        formEncode({
          event: 'view',
          data: JSON.stringify(buildRecordHitData(deps.context, deps.environment, deps.now(), deps.session)),
          ss_cvr: deps.visitorCookie(),
        }),
        FORM_CONTENT_TYPE,
      ),
    buttonClick: (button) => json(ENDPOINT.buttonClick, button),
    buttonRender: (button) => json(ENDPOINT.buttonRender, button),
    formRender: (formId) => json(ENDPOINT.formRender, { formId }),
    overlay: (fields) => json(ENDPOINT.overlay, fields),
    quickView: (itemId) => send(ENDPOINT.quickView(itemId), '', FORM_CONTENT_TYPE),
  };
}
