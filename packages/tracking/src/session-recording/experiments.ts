import { EXPERIMENT_OVERRIDE_PARAM } from '../constants';
import { SURVEY_COHORTS, type SurveyCohort } from '../session/session-flags';

/** The experiment that samples which visitors are recorded. */
export const RECORDING_EXPERIMENT = 'visitor-recording';
export const RECORDING_VARIANTS = ['record', 'control'] as const;
export type RecordingVariant = (typeof RECORDING_VARIANTS)[number];

/** Shares of visitors an owner may record: one survey cohort (20 %) per step. */
export const RECORDING_SHARES = [20, 40, 60, 80, 100] as const;
export type RecordingShare = (typeof RECORDING_SHARES)[number];

const NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/**
 * `?experiment-override=<experiment>:<variant>` (repeatable; comma-separated also works) as a map.
 * Malformed parts are ignored, never guessed at. Whether the overrides apply is the caller's
 * decision: only on internal sites or for internal users (platform.md §4).
 */
export function parseExperimentOverrides(query: URLSearchParams): Map<string, string> {
  const overrides = new Map<string, string>();
  for (const raw of query.getAll(EXPERIMENT_OVERRIDE_PARAM).slice(0, 10)) {
    for (const part of raw.split(',').slice(0, 10)) {
      const [name, variant, extra] = part.trim().toLowerCase().split(':');
      if (extra === undefined && name && variant && NAME.test(name) && NAME.test(variant))
        overrides.set(name, variant);
    }
  }
  return overrides;
}

/**
 * The recording variant: the survey cohorts are the buckets, so a share of 40 % records cohorts A
 * and B. An override naming a known variant wins when it is allowed (`overrides` is empty otherwise).
 */
export function recordingVariant(
  cohort: SurveyCohort,
  share: RecordingShare,
  overrides: ReadonlyMap<string, string>,
): RecordingVariant {
  const forced = overrides.get(RECORDING_EXPERIMENT);
  if (forced && (RECORDING_VARIANTS as readonly string[]).includes(forced)) return forced as RecordingVariant;
  return SURVEY_COHORTS.indexOf(cohort) < share / 20 ? 'record' : 'control';
}
