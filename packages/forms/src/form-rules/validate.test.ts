import { describe, expect, it } from 'vitest';
import { formSchema, type FormInput } from '../form/form';
import type { FieldValue, FormValues } from '../form-submission/submission';
import { formLevelError, mismatchedFieldIds, validateFormValues } from './validate';

const REQUIRED = 'Required';
const LIMIT = 'You have exceeded the character limit.';
const EMAIL = 'Email is not valid. Email addresses should follow the format user@domain.com.';

function errorFor(field: Record<string, unknown>, value: FieldValue | undefined): string | undefined {
  const form = formSchema.parse({ id: 'f', fields: [{ id: 'x', ...field }] } as FormInput);
  const values: FormValues = value === undefined ? {} : { x: value };
  return validateFormValues(form, values).x;
}

describe('validateFormValues: required', () => {
  it.each([
    ['text', '', REQUIRED],
    ['text', '   ', REQUIRED],
    ['text', undefined, REQUIRED],
    ['text', 'hi', undefined],
    ['number', '', REQUIRED],
    ['currency', '', REQUIRED],
    ['select', '', REQUIRED],
    ['select', 'Blue', undefined],
    ['radio', '', REQUIRED],
    ['radio', 'Yes', undefined],
    ['checkbox', [], REQUIRED],
    ['checkbox', ['One'], undefined],
    ['name', ['', ''], REQUIRED],
    ['name', ['Ada', ''], undefined],
    ['address', ['', '', '', '', '', ''], REQUIRED],
    ['date', ['11', '23', '2010'], undefined],
    ['time', [], REQUIRED],
    ['phone', ['', '', '', ''], REQUIRED],
    ['phone', ['', '646', '123', '0000'], undefined],
    ['email', '', REQUIRED],
  ] as const)('required %s with %j -> %s', (type, value, expected) => {
    expect(errorFor({ type, required: true }, value as FieldValue | undefined)).toBe(expected);
  });

  it.each(['text', 'select', 'radio', 'checkbox', 'name', 'email'] as const)(
    'an empty optional %s passes',
    (type) => {
      expect(errorFor({ type }, undefined)).toBeUndefined();
    },
  );

  it('never requires likert, section or hidden fields', () => {
    expect(errorFor({ type: 'likert', required: true, options: ['Q'] }, {})).toBeUndefined();
    expect(errorFor({ type: 'section', required: true }, undefined)).toBeUndefined();
    expect(errorFor({ type: 'hidden', required: true }, '')).toBeUndefined();
  });
});

describe('validateFormValues: maximum length', () => {
  it.each([
    ['textarea', 5, 'hello', undefined],
    ['textarea', 5, 'hello!', LIMIT],
    ['text', 3, 'abcd', LIMIT],
    ['textarea', 5, '', undefined],
    ['textarea', 2, '😀😀', undefined],
    ['textarea', 0, 'no limit when zero', undefined],
    ['textarea', undefined, 'x'.repeat(10_000), undefined],
  ] as const)('%s max %s with %j -> %s', (type, maxLength, value, expected) => {
    expect(errorFor({ type, maxLength }, value)).toBe(expected);
  });

  it('reports Required before the limit on a required empty field', () => {
    expect(errorFor({ type: 'textarea', maxLength: 3, required: true }, '')).toBe(REQUIRED);
  });
});

describe('validateFormValues: email', () => {
  it.each([
    [false, '', undefined],
    [false, 'user@domain.com', undefined],
    [false, 'not-an-email', EMAIL],
    [true, 'user@domain', EMAIL],
    [true, 'user@domain.com', undefined],
  ] as const)('required=%s %j -> %s', (required, value, expected) => {
    expect(errorFor({ type: 'email', required }, value)).toBe(expected);
  });
});

describe('validateFormValues: whole form', () => {
  const form = formSchema.parse({
    id: 'f',
    fields: [
      { id: 'name', type: 'name', required: true },
      { id: 'mail', type: 'email', required: true },
      { id: 'note', type: 'textarea', maxLength: 4 },
      { id: 'ok', type: 'text' },
    ],
  });

  it('maps every failing field id to its message', () => {
    const errors = validateFormValues(form, { name: ['', ''], mail: 'x@y', note: 'too long', ok: '' });
    expect(errors).toEqual({ name: REQUIRED, mail: EMAIL, note: LIMIT });
    expect(formLevelError(errors)).toBe('One or more fields is invalid, please check your entries.');
  });

  it('returns an empty map and no form error when everything passes', () => {
    const errors = validateFormValues(form, { name: ['Ada', 'L'], mail: 'a@b.cd', note: 'ok' });
    expect(errors).toEqual({});
    expect(formLevelError(errors)).toBeUndefined();
  });
});

describe('mismatchedFieldIds', () => {
  const form = formSchema.parse({
    id: 'f',
    fields: [
      { id: 't', type: 'text' },
      { id: 'n', type: 'name' },
      { id: 'l', type: 'likert', options: ['Q'] },
      { id: 's', type: 'section' },
    ],
  });

  it.each([
    [{ t: 'a', n: ['a', 'b'], l: { Q: '1' } }, []],
    [{ t: ['a'] }, ['t']],
    [{ n: 'Ada' }, ['n']],
    [{ l: ['1'] }, ['l']],
    [{ s: '' }, ['s']],
    [{ unknown: 'x' }, ['unknown']],
  ] as const)('%j -> %j', (values, expected) => {
    expect(mismatchedFieldIds(form, values as FormValues)).toEqual(expected);
  });
});

describe('validateFormValues: inherited keys', () => {
  it('treats a field id like "toString" as missing when the map lacks it', () => {
    const form = formSchema.parse({ id: 'f', fields: [{ id: 'toString', type: 'text', required: true }] });
    expect(validateFormValues(form, {})).toEqual({ toString: REQUIRED });
  });
});
