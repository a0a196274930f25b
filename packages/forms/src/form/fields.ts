import { z } from 'zod';

/**
 * Every field type of the form editor (platform.md §3 "Form editor"), with the properties the
 * owner can edit on each. Fields share an id (the key of the submission map), a title shown above
 * the input, an optional description and the required flag.
 */
const fieldBase = /* @__PURE__ */ (() => ({
  id: z.string().min(1),
  title: z.string().default(''),
  description: z.string().optional(),
  required: z.boolean().default(false),
}))();

/** An optional maximum length in characters; absent means unlimited. */
const maxLength = /* @__PURE__ */ (() => z.number().int().nonnegative().optional())();

const options = /* @__PURE__ */ (() => z.array(z.string()).default([]))();

/** Single-input fields that carry no property beyond the field itself. */
export const PLAIN_FIELD_TYPES = ['email', 'number', 'website', 'password', 'twitter'] as const;

/** Fields whose value is a list of parts, in submission order. */
export const MULTI_PART_FIELD_TYPES = ['date', 'time', 'name', 'address'] as const;

export const textFieldSchema = /* @__PURE__ */ (() =>
  z.object({ ...fieldBase, type: z.literal('text'), maxLength }))();
export const textareaFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.literal('textarea'),
    maxLength,
  }))();
export const plainFieldSchema = /* @__PURE__ */ (() =>
  z.object({ ...fieldBase, type: z.enum(PLAIN_FIELD_TYPES) }))();
export const multiPartFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.enum(MULTI_PART_FIELD_TYPES),
  }))();
export const phoneFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.literal('phone'),
    showCountryCode: z.boolean().default(false),
  }))();
export const currencyFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.literal('currency'),
    currencySymbol: z.string().default('$'),
  }))();
export const sectionFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.literal('section'),
    underline: z.boolean().default(false),
  }))();
export const choiceFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.enum(['radio', 'checkbox', 'select']),
    options,
  }))();
/** For a likert field, `options` are the statements (questions) the visitor rates. */
export const likertFieldSchema = /* @__PURE__ */ (() =>
  z.object({ ...fieldBase, type: z.literal('likert'), options }))();
/** `key` names the page query-string parameter that may override the stored `value`. */
export const hiddenFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    ...fieldBase,
    type: z.literal('hidden'),
    key: z.string().default(''),
    value: z.string().default(''),
  }))();

export const formFieldSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    textFieldSchema,
    textareaFieldSchema,
    plainFieldSchema,
    multiPartFieldSchema,
    phoneFieldSchema,
    currencyFieldSchema,
    sectionFieldSchema,
    choiceFieldSchema,
    likertFieldSchema,
    hiddenFieldSchema,
  ]))();

export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;
export type FormFieldType = FormField['type'];
export type TextField = z.infer<typeof textFieldSchema>;
export type TextareaField = z.infer<typeof textareaFieldSchema>;
export type PhoneField = z.infer<typeof phoneFieldSchema>;
export type CurrencyField = z.infer<typeof currencyFieldSchema>;
export type SectionField = z.infer<typeof sectionFieldSchema>;
export type ChoiceField = z.infer<typeof choiceFieldSchema>;
export type LikertField = z.infer<typeof likertFieldSchema>;
export type HiddenField = z.infer<typeof hiddenFieldSchema>;

/**
 * Properties the form editor lets the owner change per field type, beyond id, title, description
 * and required. The editor builds its property panel from this table. Only the textarea offers
 * maxLength in the editor (platform §3), but a text field arriving with one is still checked.
 */
export const FIELD_TYPE_PROPERTIES = {
  text: [],
  textarea: ['maxLength'],
  email: [],
  number: [],
  website: [],
  password: [],
  twitter: [],
  date: [],
  time: [],
  name: [],
  address: [],
  phone: ['showCountryCode'],
  currency: ['currencySymbol'],
  section: ['underline'],
  radio: ['options'],
  checkbox: ['options'],
  select: ['options'],
  likert: ['options'],
  hidden: ['key', 'value'],
} as const satisfies Record<FormFieldType, readonly string[]>;

export const FORM_FIELD_TYPES = Object.keys(FIELD_TYPE_PROPERTIES) as FormFieldType[];
