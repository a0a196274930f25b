import { ANALYTICS_COOKIE_MAX_AGE_SECONDS, COOKIE } from '../constants';
import type { CookieJar } from '../cookies/cookie-jar';
import type { IdGenerator } from '../runtime/ids';

export interface AnalyticsIdentity {
  analyticsId: string;
  sessionId: string;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The analytics id lives 390 days and is renewed on every page so active
 * visitors keep it; the session id is a browser-session cookie.
 */
export function ensureAnalyticsIdentity(jar: CookieJar, newId: IdGenerator): AnalyticsIdentity {
  const existingId = jar.get(COOKIE.analyticsId);
  const analyticsId = existingId && ID.test(existingId) ? existingId : newId();
  jar.set(COOKIE.analyticsId, analyticsId, { maxAgeSeconds: ANALYTICS_COOKIE_MAX_AGE_SECONDS });
  const existingSession = jar.get(COOKIE.analyticsSession);
  const sessionId = existingSession && ID.test(existingSession) ? existingSession : newId();
  if (sessionId !== existingSession) jar.set(COOKIE.analyticsSession, sessionId);
  return { analyticsId, sessionId };
}
