import { RECORDING_COUNTRIES, RECORDING_MIN_CORES_EXCLUSIVE } from '../constants';
import type { RecordingVariant } from './experiments';

/** What decides whether a visit is recorded (platform.md §4). */
export interface RecordingFacts {
  /** Two-letter country from the proxy's header; undefined when not known. */
  country: string | undefined;
  /** The owner's "Record visits" switch. */
  enabled: boolean;
  /** The visitor's variant of the recording experiment. */
  variant: RecordingVariant;
  /** navigator.hardwareConcurrency; undefined when the browser does not say. */
  cores: number | undefined;
}

export type RecordingRefusal = 'toggle' | 'country' | 'variant' | 'cores';
export type RecordingDecision = { record: true } | { record: false; reason: RecordingRefusal };

/** Devices with more than 2 cores; a browser that hides its core count is not recorded. */
export const enoughCores = (cores: number | undefined): boolean =>
  typeof cores === 'number' && Number.isFinite(cores) && cores > RECORDING_MIN_CORES_EXCLUSIVE;

/**
 * Session recording runs only in the US or Japan, with the feature toggle on, in the recording
 * variant of the experiment, on devices with more than 2 CPU cores. The first rule that fails is
 * the reason given (the order the owner's switch, then the visitor's facts).
 */
export function decideRecording(facts: RecordingFacts): RecordingDecision {
  if (!facts.enabled) return { record: false, reason: 'toggle' };
  const country = facts.country?.trim().toUpperCase();
  if (!country || !RECORDING_COUNTRIES.includes(country)) return { record: false, reason: 'country' };
  if (facts.variant !== 'record') return { record: false, reason: 'variant' };
  if (!enoughCores(facts.cores)) return { record: false, reason: 'cores' };
  return { record: true };
}
