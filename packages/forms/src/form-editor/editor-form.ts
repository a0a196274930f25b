import { z } from 'zod';
import { isValidEmail } from '../form-rules/email';
import { CAPTCHA_ALIGNMENTS, CAPTCHA_THEMES, type Form } from '../form/form';
import {
  FIELD_TYPE_PROPERTIES,
  MULTI_PART_FIELD_TYPES,
  PLAIN_FIELD_TYPES,
  type FormField,
  type FormFieldType,
} from '../form/fields';

/**
 * Limits of what an owner may build (ours: the specification names none). They keep one form's
 * model, page markup and submission CSV small enough to render and send at once.
 */
export const FORM_EDITOR_LIMITS = {
  nameMax: 100,
  fieldsMax: 60,
  titleMax: 200,
  descriptionMax: 1000,
  optionsMax: 50,
  optionMax: 200,
  hiddenKeyMax: 100,
  hiddenValueMax: 1000,
  currencySymbolMax: 5,
  textareaMaxLength: 100_000,
  messageMax: 5000,
  redirectMax: 2000,
  notifyRecipientsMax: 5,
} as const;

/**
 * Features that change what the editor offers. `formHandler` unlocks the textarea's maxLength
 * (platform.md §3 "The textarea field also has maxLength when a form-handler feature is on").
 */
export interface FormEditorFeatures {
  formHandler: boolean;
}

export const formEditorMessages = {
  // platform.md §8
  unableToUpdate: 'Unable to update form',
  unableToOpen: 'Unable to open form',
  // ours
  nameRequired: 'Enter a name for the form',
  titleRequired: 'Every field needs a title',
  optionsRequired: 'Add at least one option',
  optionBlank: 'Options cannot be blank',
  optionDuplicate: 'Each option must be different',
  hiddenKeyInvalid: 'Use letters, digits, - and _ for the key',
  duplicateFieldId: 'Two fields share an id',
  maxLengthUnavailable: 'A maximum length needs the form handler feature',
  recipientInvalid: 'Please enter a valid email',
  recipientsRequired: 'Add an address to notify',
  tooManyFields: `A form can have at most ${FORM_EDITOR_LIMITS.fieldsMax} fields`,
  listRequired: 'A List must be selected',
  formNotFound: 'That form no longer exists',
  submissionNotFound: 'That submission no longer exists',
} as const;

const L = FORM_EDITOR_LIMITS;
const M = formEditorMessages;

// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text an owner types: no NUL and no lone surrogates, so it stores and prints as typed. */
const ownerText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !UNSTORABLE.test(s), 'Invalid characters');

const editorFieldBase = /* @__PURE__ */ (() => ({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  title: ownerText(L.titleMax),
  description: ownerText(L.descriptionMax).optional(),
  required: z.boolean().default(false),
}))();

const optionList = /* @__PURE__ */ (() =>
  z
    .array(ownerText(L.optionMax).trim().min(1, M.optionBlank))
    .min(1, M.optionsRequired)
    .max(L.optionsMax)
    .refine((opts) => new Set(opts).size === opts.length, M.optionDuplicate))();

/** One field as the editor sends it: the @site/forms field model with the editor's limits. */
export const editorFieldSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    z.object({ ...editorFieldBase, type: z.literal('text') }),
    z.object({
      ...editorFieldBase,
      type: z.literal('textarea'),
      maxLength: z.number().int().min(1).max(L.textareaMaxLength).optional(),
    }),
    z.object({ ...editorFieldBase, type: z.enum(PLAIN_FIELD_TYPES) }),
    z.object({ ...editorFieldBase, type: z.enum(MULTI_PART_FIELD_TYPES) }),
    z.object({ ...editorFieldBase, type: z.literal('phone'), showCountryCode: z.boolean().default(false) }),
    z.object({
      ...editorFieldBase,
      type: z.literal('currency'),
      currencySymbol: ownerText(L.currencySymbolMax).trim().min(1).default('$'),
    }),
    z.object({ ...editorFieldBase, type: z.literal('section'), underline: z.boolean().default(false) }),
    z.object({ ...editorFieldBase, type: z.enum(['radio', 'checkbox', 'select']), options: optionList }),
    z.object({ ...editorFieldBase, type: z.literal('likert'), options: optionList }),
    z.object({
      ...editorFieldBase,
      type: z.literal('hidden'),
      key: z
        .string()
        .max(L.hiddenKeyMax)
        .regex(/^[A-Za-z0-9_-]*$/, M.hiddenKeyInvalid)
        .default(''),
      value: ownerText(L.hiddenValueMax).default(''),
    }),
  ]))();
export type EditorField = z.infer<typeof editorFieldSchema>;

/**
 * Fieldset 2, storage: every submission lands in the site's inbox; the owner may also be emailed
 * and may add the submitter's email address to one of the site's mailing lists.
 */
export const formStorageSchema = /* @__PURE__ */ (() =>
  z.object({
    inbox: z.literal(true).default(true),
    email: z
      .object({
        enabled: z.boolean().default(false),
        recipients: z.array(z.string().max(254)).max(L.notifyRecipientsMax).default([]),
      })
      .default({ enabled: false, recipients: [] }),
    mailingList: z
      .object({
        enabled: z.boolean().default(false),
        listId: z.string().max(200).default(''),
        doubleOptIn: z.boolean().default(true),
      })
      .default({ enabled: false, listId: '', doubleOptIn: true }),
  }))();
export type FormStorage = z.infer<typeof formStorageSchema>;
export type FormStorageInput = z.input<typeof formStorageSchema>;

/** The whole form as the editor saves it (PUT), fieldsets 1 to 5 together. */
export const editorFormInputSchema = /* @__PURE__ */ (() =>
  z.object({
    name: ownerText(L.nameMax).trim().min(1, M.nameRequired),
    fields: z.array(editorFieldSchema).max(L.fieldsMax, M.tooManyFields),
    storage: formStorageSchema.default({
      inbox: true,
      email: { enabled: false, recipients: [] },
      mailingList: { enabled: false, listId: '', doubleOptIn: true },
    }),
    parsedSubmissionMessage: ownerText(L.messageMax).default(''),
    successRedirect: ownerText(L.redirectMax).default(''),
    captchaEnabled: z.boolean().default(false),
    captchaTheme: z.enum(CAPTCHA_THEMES).default('light'),
    captchaAlignment: z.enum(CAPTCHA_ALIGNMENTS).default('left'),
    parsedDisclaimerMessage: ownerText(L.messageMax).default(''),
  }))();
export type EditorFormInput = z.input<typeof editorFormInputSchema>;
export type EditorForm = z.infer<typeof editorFormInputSchema>;

export const createFormInputSchema = /* @__PURE__ */ (() =>
  z.object({ name: ownerText(L.nameMax).trim().min(1, M.nameRequired) }))();

/** A problem the owner must fix, at a path of the form ("fields.2.options", "storage.email"). */
export interface FormProblem {
  path: string;
  message: string;
}

/**
 * Rules across fields and fieldsets that a per-field schema cannot see. Returns every problem so
 * the editor can mark each place at once; empty means the form may be saved.
 */
export function formProblems(
  form: EditorForm,
  features: FormEditorFeatures,
  listIds: readonly string[],
): FormProblem[] {
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  form.fields.forEach((field, i) => {
    if (seen.has(field.id)) problems.push({ path: `fields.${i}.id`, message: M.duplicateFieldId });
    seen.add(field.id);
    if (field.type !== 'hidden' && field.title.trim() === '') {
      problems.push({ path: `fields.${i}.title`, message: M.titleRequired });
    }
    if (field.type === 'textarea' && field.maxLength !== undefined && !features.formHandler) {
      problems.push({ path: `fields.${i}.maxLength`, message: M.maxLengthUnavailable });
    }
  });
  const { email, mailingList } = form.storage;
  if (email.enabled) {
    if (email.recipients.length === 0)
      problems.push({ path: 'storage.email', message: M.recipientsRequired });
    email.recipients.forEach((to, i) => {
      if (!isValidEmail(to))
        problems.push({ path: `storage.email.recipients.${i}`, message: M.recipientInvalid });
    });
  }
  if (mailingList.enabled && !listIds.includes(mailingList.listId)) {
    problems.push({ path: 'storage.mailingList', message: M.listRequired });
  }
  return problems;
}

/** The properties the editor offers for a field type, given the site's features. */
export function editableProperties(type: FormFieldType, features: FormEditorFeatures): readonly string[] {
  const properties: readonly string[] = FIELD_TYPE_PROPERTIES[type];
  return features.formHandler ? properties : properties.filter((p) => p !== 'maxLength');
}

/** Labels of the field types for the "add field" menu. */
export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  website: 'Website',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  currency: 'Currency',
  section: 'Section',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Dropdown',
  likert: 'Likert scale',
  hidden: 'Hidden',
};

/** A new field of a type, with an id unused in the form and the defaults the editor shows. */
export function newField(type: FormFieldType, existingIds: readonly string[]): EditorField {
  let n = existingIds.length + 1;
  while (existingIds.includes(`${type}-${n}`)) n += 1;
  const base = { id: `${type}-${n}`, title: FIELD_TYPE_LABELS[type], required: false };
  switch (type) {
    case 'phone':
      return { ...base, type, showCountryCode: false };
    case 'currency':
      return { ...base, type, currencySymbol: '$' };
    case 'section':
      return { ...base, type, underline: false };
    case 'radio':
    case 'checkbox':
    case 'select':
      return { ...base, type, options: ['Option 1', 'Option 2'] };
    case 'likert':
      return { ...base, type, options: ['Statement 1'] };
    case 'hidden':
      return { ...base, type, title: '', key: '', value: '' };
    default:
      return { ...base, type } as EditorField;
  }
}

/** The stored model (the @site/forms `Form`) of an editor form. */
export function toFormModel(id: string, form: EditorForm): Form & { storage: FormStorage } {
  return {
    id,
    name: form.name,
    fields: form.fields as FormField[],
    parsedSubmissionMessage: form.parsedSubmissionMessage,
    submissionHTML: '',
    successRedirect: form.successRedirect,
    parsedDisclaimerMessage: form.parsedDisclaimerMessage,
    captchaEnabled: form.captchaEnabled,
    captchaTheme: form.captchaTheme,
    captchaAlignment: form.captchaAlignment,
    storage: form.storage,
  };
}
