import { z } from 'zod';
import { PASSWORD_MASK } from '../constants';

/** Events a batch carries at most; the recorder sends sooner. */
export const RECORDING_BATCH_MAX = 100;
/** Longest selector, label and click text kept: enough to recognise an element, no room for prose. */
export const RECORDING_TEXT_MAX = { selector: 200, label: 80, path: 512 } as const;

/** A recording id as the server issues it (and the sentinel `automated-mock-id`). */
export const RECORDING_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
export const recordingIdSchema = /* @__PURE__ */ (() => z.string().regex(RECORDING_ID_PATTERN))();

const t = /* @__PURE__ */ (() => z.number().int().positive().max(8_640_000_000_000_000))();
const selector = /* @__PURE__ */ (() => z.string().min(1).max(RECORDING_TEXT_MAX.selector))();

/**
 * One thing the visitor did, `t` in epoch ms. Field events carry no value at all, except a
 * password field's, which is only ever the mask: the server refuses anything else, so a faulty or
 * hostile recorder cannot store what a visitor typed.
 */
export const recordingEventSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('page'), t, path: z.string().min(1).max(RECORDING_TEXT_MAX.path) }).strict(),
    z
      .object({
        kind: z.literal('click'),
        t,
        target: selector,
        text: z.string().max(RECORDING_TEXT_MAX.label).optional(),
      })
      .strict(),
    z.object({ kind: z.literal('scroll'), t, depth: z.number().int().min(0).max(100) }).strict(),
    z
      .object({
        kind: z.literal('field'),
        t,
        action: z.enum(['focus', 'change']),
        target: selector,
        label: z.string().max(RECORDING_TEXT_MAX.label).optional(),
        fieldType: z.string().regex(/^[a-z-]{1,20}$/),
        value: z.literal(PASSWORD_MASK).optional(),
      })
      .strict()
      .refine((e) => e.value === undefined || e.fieldType === 'password', {
        message: 'value: only a password field is noted, and only as the mask',
        path: ['value'],
      }),
  ]))();
export type RecordingEvent = z.infer<typeof recordingEventSchema>;

/** Body of POST /api/visitor-recordings/:id/events. */
export const recordingBatchSchema = /* @__PURE__ */ (() =>
  z.object({ events: z.array(recordingEventSchema).min(1).max(RECORDING_BATCH_MAX) }).strict())();
export type RecordingBatch = z.infer<typeof recordingBatchSchema>;
