import { z } from 'zod';
import { SURVEY_COHORTS } from '../session/session-flags';
import { parseVisitorRecord } from '../visitor-record/visitor-record';

/** ss_cvr as sent: a valid visitor record, or empty when tracking cookies are not allowed. */
export const visitorCookieFieldSchema = /* @__PURE__ */ (() =>
  z.string().refine((v) => v === '' || parseVisitorRecord(v) !== undefined, 'malformed visitor record'))();

const size = /* @__PURE__ */ (() =>
  z.object({ width: z.number().int().nonnegative(), height: z.number().int().nonnegative() }))();

/** The JSON inside RecordHit's `data` field. */
export const recordHitDataSchema = /* @__PURE__ */ (() =>
  z.object({
    userAgent: z.string(),
    /** Client clock, epoch ms: lets the server spot skewed clocks. */
    clientDate: z.number().int().nonnegative(),
    viewport: size,
    screen: size,
    websiteId: z.string().min(1),
    templateId: z.string().min(1),
    locale: z.string(),
    url: z.string().min(1),
    title: z.string(),
    itemId: z.string().min(1).optional(),
    collectionId: z.string().min(1).optional(),
    localStorageSupported: z.boolean(),
    queryString: z.string(),
    referrer: z.string(),
    /** Session flags (platform.md §4), when the visitor's browser keeps them: new or returning. */
    firstLanding: z.boolean().optional(),
    firstSession: z.boolean().optional(),
    cohort: z.enum(SURVEY_COHORTS).optional(),
  }))();
export type RecordHitData = z.infer<typeof recordHitDataSchema>;

export const CENSUS_HIT_EVENTS = ['view'] as const;

/** The form fields of POST /api/census/RecordHit, with `data` decoded. */
export const recordHitFormSchema = /* @__PURE__ */ (() =>
  z.object({
    event: z.enum(CENSUS_HIT_EVENTS),
    data: z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'data is not JSON' });
          return z.NEVER;
        }
      })
      .pipe(recordHitDataSchema),
    ss_cvr: visitorCookieFieldSchema,
  }))();
export type RecordHitForm = z.infer<typeof recordHitFormSchema>;

/** Page fields every census side call repeats. */
export const censusPageFieldsSchema = /* @__PURE__ */ (() =>
  z.object({
    visitorCookie: visitorCookieFieldSchema,
    websiteId: z.string().min(1),
    templateId: z.string().min(1),
    collectionId: z.string().min(1).optional(),
    itemId: z.string().min(1).optional(),
    url: z.string().min(1),
  }))();
export type CensusPageFields = z.infer<typeof censusPageFieldsSchema>;

export const buttonFieldsSchema = /* @__PURE__ */ (() =>
  z.object({
    buttonId: z.string().min(1),
    buttonText: z.string().optional(),
    buttonHref: z.string().optional(),
  }))();
export type ButtonFields = z.infer<typeof buttonFieldsSchema>;

/** Body of /api/census/button-click and /api/census/button-render. */
export const buttonEventSchema = /* @__PURE__ */ (() =>
  censusPageFieldsSchema.extend(buttonFieldsSchema.shape))();
export type ButtonEvent = z.infer<typeof buttonEventSchema>;

/** Body of /api/census/form-render. */
export const formRenderEventSchema = /* @__PURE__ */ (() =>
  censusPageFieldsSchema.extend({ formId: z.string().min(1) }))();
export type FormRenderEvent = z.infer<typeof formRenderEventSchema>;

export const OVERLAY_ACTIONS = ['render', 'close', 'submit', 'click'] as const;

export const overlayFieldsSchema = /* @__PURE__ */ (() =>
  z.object({
    overlayId: z.string().min(1),
    action: z.enum(OVERLAY_ACTIONS),
  }))();
export type OverlayFields = z.infer<typeof overlayFieldsSchema>;

/** Body of /api/census/overlay. */
export const overlayEventSchema = /* @__PURE__ */ (() =>
  censusPageFieldsSchema.extend(overlayFieldsSchema.shape))();
export type OverlayEvent = z.infer<typeof overlayEventSchema>;
