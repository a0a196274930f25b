import type { Form } from '../form/form';
import type { FormField } from '../form/fields';
import type { FieldValue, FormValues } from './submission';

/**
 * What the page holds before collection, independent of the DOM: field id -> the raw values of
 * that field's parts in display order. Text-like fields have one part; checkbox and radio list
 * only the checked options; a likert field lists one answer per statement ("" when unanswered).
 */
export type RawFormInput = Readonly<Record<string, readonly string[]>>;

export interface CollectOptions {
  /** The page's query string (with or without "?"); hidden fields may take their value from it. */
  queryString?: string;
}

/** Builds the submission's `form` map from raw input, one shape per field type. */
export function collectFormValues(
  form: Pick<Form, 'fields'>,
  input: RawFormInput,
  options: CollectOptions = {},
): FormValues {
  const query = new URLSearchParams(options.queryString ?? '');
  // Built from entries so an id such as "__proto__" becomes an own key, not a prototype write.
  return Object.fromEntries(
    form.fields.flatMap((field) => {
      const parts = Object.hasOwn(input, field.id) ? (input[field.id] ?? []) : [];
      const value = collectField(field, parts, query);
      return value === undefined ? [] : [[field.id, value]];
    }),
  );
}

function collectField(
  field: FormField,
  parts: readonly string[],
  query: URLSearchParams,
): FieldValue | undefined {
  switch (field.type) {
    case 'section':
      return undefined;
    case 'date':
    case 'time':
    case 'name':
    case 'address':
      return [...parts];
    case 'phone':
      // Without a country code the input has 3 parts; the leading slot keeps positions stable.
      return parts.length === 3 ? ['', ...parts] : [...parts];
    case 'checkbox':
      return parts.filter((part) => part !== '');
    case 'likert':
      return collectLikert(field.options, parts);
    case 'hidden':
      return (field.key && query.get(field.key)) || field.value;
    default:
      return parts[0] ?? '';
  }
}

function collectLikert(statements: readonly string[], answers: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    statements.flatMap((statement, i) => {
      const answer = answers[i];
      return answer ? [[statement, answer]] : [];
    }),
  );
}
