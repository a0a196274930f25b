import { z } from 'zod';
import { QUERY_MAX_KEYS } from '../constants';
import { SOURCE_ENVIRONMENTS, SOURCE_KINDS } from './enums';

const primitive = /* @__PURE__ */ (() => z.union([z.string(), z.number(), z.boolean(), z.null()]))();

/** Legacy payload (platform.md §3), plus the event's own flat fields. */
export const legacyEventDataSchema = /* @__PURE__ */ (() =>
  z
    .object({
      websiteId: z.string().min(1),
      memberAccountId: z.string().min(1).optional(),
      websiteLocale: z.string().optional(),
      memberLocale: z.string().optional(),
      templateId: z.string().min(1),
      variantId: z.string().optional(),
      pagePath: z.string(),
      pageHash: z.string(),
      pagePermissionType: z.number().int().optional(),
    })
    .catchall(primitive))();
export type LegacyEventData = z.infer<typeof legacyEventDataSchema>;

function jsonString<T extends z.ZodType>(inner: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);
}

/** Form fields of POST /api/events/RecordEvent, `data` decoded. */
export const recordEventFormSchema = /* @__PURE__ */ (() =>
  z.object({
    crumb: z.string(),
    event: z.string().min(1),
    data: jsonString(legacyEventDataSchema),
  }))();
export type RecordEventForm = z.infer<typeof recordEventFormSchema>;

/** Second-schema context every v2 event carries (platform.md §3). */
export const clankerContextSchema = /* @__PURE__ */ (() =>
  z.object({
    analyticsId: z.string().min(1).optional(),
    sessionId: z.string().min(1).optional(),
    browserLanguage: z.string(),
    windowSize: z.object({ width: z.number().int().nonnegative(), height: z.number().int().nonnegative() }),
    pageHost: z.string(),
    path: z.string(),
    queryParams: z
      .record(z.string(), z.string())
      .refine((q) => Object.keys(q).length <= QUERY_MAX_KEYS, `at most ${QUERY_MAX_KEYS} query keys`),
    referrer: z.string(),
    userAgent: z.string(),
    timestamp: z.number().int().nonnegative(),
    sourceEnvironment: z.enum(SOURCE_ENVIRONMENTS),
    sourceKind: z.enum(SOURCE_KINDS),
  }))();
export type ClankerContext = z.infer<typeof clankerContextSchema>;

/** What eventContent decodes to: the context plus the event's own fields. */
export const clankerEventContentSchema = /* @__PURE__ */ (() => clankerContextSchema.catchall(z.unknown()))();

/** Body of POST /api/v1/clanker/events. */
export const clankerEventSchema = /* @__PURE__ */ (() =>
  z.object({
    eventSchemaName: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/),
    eventContent: jsonString(clankerEventContentSchema),
  }))();
export type ClankerEvent = z.infer<typeof clankerEventSchema>;

/** Query string to map, keeping the first value of a repeated key and at most 1000 keys. */
export function parseQueryParams(search: string): Record<string, string> {
  // A Map keeps keys such as __proto__ as plain data.
  const seen = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) {
    if (seen.has(key)) continue;
    if (seen.size >= QUERY_MAX_KEYS) break;
    seen.set(key, value);
  }
  return Object.fromEntries(seen);
}
