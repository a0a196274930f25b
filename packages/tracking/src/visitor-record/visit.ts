import { COOKIE, VISIT_TIMER_MAX_AGE_SECONDS, VISITOR_RECORD_MAX_AGE_SECONDS } from '../constants';
import type { CookieJar } from '../cookies/cookie-jar';
import type { IdGenerator } from '../runtime/ids';
import {
  formatVisitorRecord,
  parseVisitTimer,
  parseVisitorRecord,
  type VisitorRecord,
} from './visitor-record';

export type VisitKind = 'new-visitor' | 'new-visit' | 'same-visit';

export interface VisitResult {
  record: VisitorRecord;
  kind: VisitKind;
  /** A cookie was present but malformed and has been replaced. */
  replacedMalformed: boolean;
}

export interface RecordVisitDeps {
  jar: CookieJar;
  now: number;
  newId: IdGenerator;
}

function freshRecord(id: string, now: number): VisitorRecord {
  return { id, firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 };
}

/**
 * Called once per page view. The timer is considered expired when its cookie
 * is gone, malformed, or older than 30 minutes by our clock, so the rule holds
 * even where the browser keeps cookies past their max-age (restored sessions).
 */
export function recordVisit({ jar, now, newId }: RecordVisitDeps): VisitResult {
  const rawRecord = jar.get(COOKIE.visitorRecord);
  const existing = parseVisitorRecord(rawRecord);
  const timer = parseVisitTimer(jar.get(COOKIE.visitTimer));
  const timerLive = timer !== undefined && timer <= now && now - timer < VISIT_TIMER_MAX_AGE_SECONDS * 1000;

  let record: VisitorRecord;
  let kind: VisitKind;
  if (!existing) {
    record = freshRecord(newId(), now);
    kind = 'new-visitor';
  } else if (timerLive) {
    record = existing;
    kind = 'same-visit';
  } else {
    record = {
      ...existing,
      previousVisit: existing.currentVisit,
      currentVisit: Math.max(now, existing.currentVisit),
      visitCount: existing.visitCount + 1,
    };
    kind = 'new-visit';
  }

  jar.set(COOKIE.visitorRecord, formatVisitorRecord(record), {
    maxAgeSeconds: VISITOR_RECORD_MAX_AGE_SECONDS,
  });
  jar.set(COOKIE.visitTimer, String(now), { maxAgeSeconds: VISIT_TIMER_MAX_AGE_SECONDS });
  return { record, kind, replacedMalformed: rawRecord !== undefined && !existing };
}
