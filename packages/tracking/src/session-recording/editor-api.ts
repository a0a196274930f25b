import { z } from 'zod';
import { RECORDING_SHARES, type RecordingShare } from './experiments';
import type { RecordingEvent } from './payloads';

/** The editor's calls for visitor recordings (the analytics screen). */
export const VISITOR_RECORDINGS_API = '/api/editor/visitor-recordings';

/** Days a recording is kept; older ones are deleted. */
export const RECORDING_RETENTION_DAYS = 30;
/** Most a recording may hold (JSON bytes of its events): a long visit, not a data dump. */
export const RECORDING_MAX_BYTES = 256 * 1024;
/** Recordings a site keeps at most; beyond this no new one is started until old ones expire. */
export const RECORDINGS_PER_SITE_MAX = 2000;
/** Recordings the owner's list shows at a time; Show older recordings asks for the next ones. */
export const RECORDINGS_PAGE_SIZE = 20;
/** GET VISITOR_RECORDINGS_API's query: where the page starts in the newest-first list. */
export const recordingListQuerySchema = /* @__PURE__ */ (() =>
  z.object({ offset: z.coerce.number().int().min(0).max(RECORDINGS_PER_SITE_MAX).default(0) }))();

export const visitorRecordingMessages = {
  shareInvalid: 'Choose a share of visits to record: 20, 40, 60, 80 or 100 %.',
  notFound: 'This recording no longer exists: recordings are kept for 30 days.',
  full: 'This recording is full.',
} as const;

/** The owner's analytics settings for recordings; off until the owner turns them on. */
export const recordingSettingsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      enabled: z.boolean(),
      share: z
        .number()
        .refine((n): n is RecordingShare => (RECORDING_SHARES as readonly number[]).includes(n), {
          message: visitorRecordingMessages.shareInvalid,
        }),
    })
    .strict())();
export interface RecordingSettings {
  enabled: boolean;
  share: RecordingShare;
}
export const DEFAULT_RECORDING_SETTINGS: RecordingSettings = { enabled: false, share: 100 };

/** Reads the stored settings (websites.settings.visitorRecordings), defaulting what is missing. */
export function recordingSettingsOf(stored: unknown): RecordingSettings {
  const parsed = recordingSettingsSchema.safeParse(stored);
  return parsed.success ? (parsed.data as RecordingSettings) : DEFAULT_RECORDING_SETTINGS;
}

export interface RecordingSummary {
  id: string;
  startedAt: string;
  lastEventAt: string;
  country: string;
  /** The first page of the visit. */
  landingPath: string | null;
  pages: number;
  events: number;
}

/** GET VISITOR_RECORDINGS_API: the settings and a page of recordings, newest first. */
export interface RecordingList {
  settings: RecordingSettings;
  recordings: RecordingSummary[];
  /** Older recordings follow: ask again from `offset` + this page's length. */
  hasMore: boolean;
}

/** GET VISITOR_RECORDINGS_API/:id: one recording's timeline. */
export interface RecordingDetail extends RecordingSummary {
  timeline: RecordingEvent[];
}
