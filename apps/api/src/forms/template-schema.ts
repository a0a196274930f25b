import {
  CAPTCHA_ACTIONS,
  CAPTCHA_ALIGNMENTS,
  CAPTCHA_THEMES,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  FIELD_TYPE_PROPERTIES,
  FORM_FIELDSETS,
  FORM_FIELD_TYPES,
  LIKERT_ANSWERS,
  SUMMARY_PARTS,
  formSchema,
  messages,
  type FormFieldType,
} from '@site/forms';
import { z } from 'zod';

/**
 * GET /api/template/GetTemplateSchema?type=<block type>: what the editor needs to build a form
 * block, derived from @site/forms so the editor, the page and the API agree on every field type.
 * The block types are named ("form", "newsletter"): the spec gives no numeric codes for them.
 */
export const FORM_BLOCK_TYPES = ['form', 'newsletter'] as const;
export type FormBlockType = (typeof FORM_BLOCK_TYPES)[number];

export const templateSchemaQuery = z.object({ type: z.enum(FORM_BLOCK_TYPES) });

/** How a field's value is submitted (storefront.md §3 "Field value shapes"). */
type ValueShape = 'text' | 'parts' | 'checked-list' | 'choice' | 'answers-by-statement' | 'none';

const valueShape = (type: FormFieldType): ValueShape => {
  switch (type) {
    case 'section':
      return 'none';
    case 'checkbox':
      return 'checked-list';
    case 'radio':
    case 'select':
      return 'choice';
    case 'likert':
      return 'answers-by-statement';
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone':
      return 'parts';
    default:
      return 'text';
  }
};

/** Property kinds, so the editor knows which control edits each property. */
const PROPERTY_KINDS: Record<
  string,
  { kind: 'integer' | 'boolean' | 'text' | 'text-list'; default?: unknown }
> = {
  maxLength: { kind: 'integer' },
  showCountryCode: { kind: 'boolean', default: false },
  currencySymbol: { kind: 'text', default: '$' },
  underline: { kind: 'boolean', default: false },
  options: { kind: 'text-list', default: [] },
  key: { kind: 'text', default: '' },
  value: { kind: 'text', default: '' },
};

// Fields a newsletter block offers: the address to subscribe plus optional name and campaign data.
const NEWSLETTER_FIELD_TYPES: readonly FormFieldType[] = ['email', 'name', 'hidden'];

function fieldTypeEntry(type: FormFieldType) {
  const parts = (SUMMARY_PARTS as Record<string, readonly string[]>)[type];
  return {
    type,
    properties: FIELD_TYPE_PROPERTIES[type].map((name) => ({ name, ...PROPERTY_KINDS[name] })),
    value: valueShape(type),
    ...(parts ? { parts: [...parts] } : {}),
    // Section, likert and hidden fields are never required (storefront.md §5).
    canBeRequired: !['section', 'likert', 'hidden'].includes(type),
    ...(type === 'likert' ? { answers: [...LIKERT_ANSWERS] } : {}),
  };
}

function buildSchema(blockType: FormBlockType) {
  const types =
    blockType === 'newsletter'
      ? FORM_FIELD_TYPES.filter((t) => NEWSLETTER_FIELD_TYPES.includes(t))
      : FORM_FIELD_TYPES;
  return {
    type: blockType,
    defaultName: messages.defaultFormName,
    fieldTypes: types.map(fieldTypeEntry),
    fieldsets: Object.entries(FORM_FIELDSETS).map(([name, id]) => ({ id, name })),
    captcha: {
      action: blockType === 'newsletter' ? CAPTCHA_ACTIONS.newsletter : CAPTCHA_ACTIONS.form,
      themes: [...CAPTCHA_THEMES],
      alignments: [...CAPTCHA_ALIGNMENTS],
    },
    rules: {
      emailMinLength: EMAIL_MIN_LENGTH,
      emailMaxLength: EMAIL_MAX_LENGTH,
      messages: {
        required: messages.required,
        characterLimitExceeded: messages.characterLimitExceeded,
        emailInvalid: messages.emailInvalid,
      },
    },
    /** The stored form model as JSON Schema (input side: defaults may be left out). */
    model: z.toJSONSchema(formSchema, { io: 'input' }),
  };
}

export type TemplateSchema = ReturnType<typeof buildSchema>;

// Built once per block type: the answer depends only on the package version.
const cache = new Map<FormBlockType, TemplateSchema>();
export function templateSchema(blockType: FormBlockType): TemplateSchema {
  let schema = cache.get(blockType);
  if (!schema) {
    schema = buildSchema(blockType);
    cache.set(blockType, schema);
  }
  return schema;
}
