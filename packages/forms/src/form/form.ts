import { z } from 'zod';
import { messages } from '../messages';
import { formFieldSchema } from './fields';

/** Where the captcha widget sits under the form; the spec names the setting, not its values. */
export const CAPTCHA_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const CAPTCHA_THEMES = ['light', 'dark'] as const;

/** A form as stored and as sent to the page (storefront.md §3 "Form"). */
export const formSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().min(1),
    name: z.string().default(messages.defaultFormName),
    fields: z.array(formFieldSchema).default([]),
    parsedSubmissionMessage: z.string().default(''),
    submissionHTML: z.string().default(''),
    successRedirect: z.string().default(''),
    parsedDisclaimerMessage: z.string().default(''),
    captchaEnabled: z.boolean().default(false),
    captchaTheme: z.enum(CAPTCHA_THEMES).default('light'),
    captchaAlignment: z.enum(CAPTCHA_ALIGNMENTS).default('left'),
  }))();

export type Form = z.infer<typeof formSchema>;
export type FormInput = z.input<typeof formSchema>;

/** The five fieldsets (tabs) of the form editor, by their numeric id (platform.md §3). */
export const FORM_FIELDSETS = {
  build: 1,
  storage: 2,
  advanced: 3,
  captcha: 4,
  disclaimer: 5,
} as const;

export type FormFieldsetName = keyof typeof FORM_FIELDSETS;
export type FormFieldsetId = (typeof FORM_FIELDSETS)[FormFieldsetName];

export const formFieldsetIdSchema = /* @__PURE__ */ (() =>
  z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]))();

const FIELDSET_NAMES = Object.fromEntries(
  Object.entries(FORM_FIELDSETS).map(([name, id]) => [id, name]),
) as Record<FormFieldsetId, FormFieldsetName>;

export function formFieldsetName(id: FormFieldsetId): FormFieldsetName {
  return FIELDSET_NAMES[id];
}
