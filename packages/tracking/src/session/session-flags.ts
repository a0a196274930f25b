import { ANALYTICS_COOKIE_MAX_AGE_SECONDS } from '../constants';
import type { VisitorRecord } from '../visitor-record/visitor-record';
import { readStorageEntry, writeStorageEntry, type EntryStorage } from './storage-entry';

/** Survey cohorts (platform.md §3). */
export const SURVEY_COHORTS = ['A', 'B', 'C', 'D', 'E'] as const;
export type SurveyCohort = (typeof SURVEY_COHORTS)[number];

/** Local-storage key of the session flags entry. */
export const SESSION_FLAGS_KEY = 'ss_session';

/**
 * A visitor's cohort: FNV-1a (32-bit) of the visitor id, modulo 5. The same id always lands in the
 * same cohort, in the browser and on the server, and ids spread evenly over the five.
 */
export function cohortOf(visitorId: string): SurveyCohort {
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i++) {
    hash ^= visitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return SURVEY_COHORTS[hash % SURVEY_COHORTS.length]!;
}

export const isSurveyCohort = (value: unknown): value is SurveyCohort =>
  typeof value === 'string' && (SURVEY_COHORTS as readonly string[]).includes(value);

/** What this page view is for the visitor: sent with the page view and read by the recorder. */
export interface SessionFlags {
  /** The first page this browser ever showed of the site. */
  firstLanding: boolean;
  /** The page belongs to the visitor's first visit (the one they landed in). */
  firstSession: boolean;
  cohort: SurveyCohort;
}

interface StoredFlags {
  /** Start (epoch ms) of the visit the browser first landed in: ss_cvr's currentVisit then. */
  firstVisit: number;
  cohort: SurveyCohort;
}

const acceptStored = (value: unknown): StoredFlags | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { firstVisit, cohort } = value as Record<string, unknown>;
  return Number.isSafeInteger(firstVisit) && (firstVisit as number) > 0 && isSurveyCohort(cohort)
    ? { firstVisit: firstVisit as number, cohort }
    : undefined;
};

/**
 * platform.md §4 "first-landing and first-session flags are kept in browser storage". The entry
 * remembers when the browser first landed and the visitor's cohort, and lives as long as the
 * analytics id (390 days, renewed on every page view). No entry (new browser, cleared or expired
 * storage): this page is the first landing, and the current visit becomes the first session.
 * The cohort is kept once assigned, so a visitor whose cookies were cleared keeps their cohort.
 */
export function keepSessionFlags(storage: EntryStorage, visit: VisitorRecord, now: number): SessionFlags {
  const stored = readStorageEntry(storage, SESSION_FLAGS_KEY, now, acceptStored);
  const kept = stored ?? { firstVisit: visit.currentVisit, cohort: cohortOf(visit.id) };
  writeStorageEntry(storage, SESSION_FLAGS_KEY, {
    value: kept,
    expiry: now + ANALYTICS_COOKIE_MAX_AGE_SECONDS * 1000,
  });
  return {
    firstLanding: stored === undefined,
    firstSession: kept.firstVisit === visit.currentVisit,
    cohort: kept.cohort,
  };
}
