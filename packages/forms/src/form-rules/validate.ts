import type { Form } from '../form/form';
import type { FormField } from '../form/fields';
import { messages } from '../messages';
import type { FieldValue, FormValues } from '../form-submission/submission';
import { countCharacters } from './characters';
import { isValidEmail } from './email';

/** Field id -> message; empty when every field passes. The server answers the same map. */
export type FieldErrors = Record<string, string>;

/**
 * Applies the form rules (storefront.md §5) to collected values. Runs identically in the browser
 * before submit and in the API on the validate and save calls. Whitespace-only counts as empty.
 */
export function validateFormValues(form: Pick<Form, 'fields'>, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of form.fields) {
    const message = fieldError(field, Object.hasOwn(values, field.id) ? values[field.id] : undefined);
    if (message) errors[field.id] = message;
  }
  return errors;
}

/** The message shown above the submit button when any field failed. */
export function formLevelError(errors: FieldErrors): string | undefined {
  return Object.keys(errors).length > 0 ? messages.fieldsInvalid : undefined;
}

function fieldError(field: FormField, value: FieldValue | undefined): string | undefined {
  switch (field.type) {
    case 'section':
    case 'likert':
    case 'hidden':
      return undefined;
    default:
      break;
  }
  if (field.required && isEmpty(value)) return messages.required;
  const text = typeof value === 'string' ? value : '';
  if (
    (field.type === 'text' || field.type === 'textarea') &&
    field.maxLength !== undefined &&
    field.maxLength > 0 &&
    countCharacters(text) > field.maxLength
  ) {
    return messages.characterLimitExceeded;
  }
  if (field.type === 'email' && text.trim() !== '' && !isValidEmail(text)) {
    return messages.emailInvalid;
  }
  return undefined;
}

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((part) => part.trim() === '');
  return Object.keys(value).length === 0;
}

/**
 * Ids in `values` that the form cannot accept: unknown fields, section fields, or a value whose
 * shape does not fit the field type. The API answers "Could not parse the form fields" for these
 * instead of guessing.
 */
export function mismatchedFieldIds(form: Pick<Form, 'fields'>, values: FormValues): string[] {
  const byId = new Map(form.fields.map((field) => [field.id, field]));
  return Object.entries(values)
    .filter(([id, value]) => {
      const field = byId.get(id);
      return field === undefined || !shapeFits(field, value);
    })
    .map(([id]) => id);
}

function shapeFits(field: FormField, value: FieldValue): boolean {
  switch (field.type) {
    case 'section':
      return false;
    case 'date':
    case 'time':
    case 'name':
    case 'address':
    case 'phone':
    case 'checkbox':
      return Array.isArray(value);
    case 'likert':
      return typeof value === 'object' && !Array.isArray(value);
    default:
      return typeof value === 'string';
  }
}
