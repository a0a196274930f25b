import { z } from 'zod';

/**
 * The value one field contributes to a submission: a single string (text-like, radio, select,
 * hidden), a list (multi-part fields, phone, checkbox) or a map (likert question -> answer).
 */
export const fieldValueSchema = /* @__PURE__ */ (() =>
  z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())]))();
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** Field id -> value: the `form` map of a submission, also the body of the validate call. */
export const formValuesSchema = /* @__PURE__ */ (() => z.record(z.string(), fieldValueSchema))();
export type FormValues = z.infer<typeof formValuesSchema>;

/** i: the form sits on a content item; c: on a collection page. */
export const CONTENT_SOURCES = ['i', 'c'] as const;

/** Where the form was submitted from; sent with every submission. */
export const submissionPageSchema = /* @__PURE__ */ (() =>
  z.object({
    pageTitle: z.string(),
    pageId: z.string(),
    contentSource: z.enum(CONTENT_SOURCES),
    pagePath: z.string(),
    pagePermissionTypeValue: z.number().int().nonnegative(),
  }))();
export type SubmissionPage = z.infer<typeof submissionPageSchema>;

/** Body of POST /api/form/SaveFormSubmission (storefront.md §3 "Form submission"). */
export const formSubmissionSchema = /* @__PURE__ */ (() =>
  submissionPageSchema.extend({
    form: formValuesSchema,
    key: z.string().min(1),
    captchaKey: z.string().min(1).optional(),
  }))();
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
