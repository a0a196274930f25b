import { describe, expect, it } from 'vitest';
import { formSchema, formFieldsetName, FORM_FIELDSETS, formFieldsetIdSchema } from './form';
import { FIELD_TYPE_PROPERTIES, FORM_FIELD_TYPES, formFieldSchema } from './fields';

describe('formSchema', () => {
  it('fills the spec defaults for a bare form', () => {
    const form = formSchema.parse({ id: 'f1' });
    expect(form).toEqual({
      id: 'f1',
      name: 'My Form Name',
      fields: [],
      parsedSubmissionMessage: '',
      submissionHTML: '',
      successRedirect: '',
      parsedDisclaimerMessage: '',
      captchaEnabled: false,
      captchaTheme: 'light',
      captchaAlignment: 'left',
    });
  });

  it('rejects a form without id and an unknown captcha theme', () => {
    expect(formSchema.safeParse({}).success).toBe(false);
    expect(formSchema.safeParse({ id: 'f', captchaTheme: 'neon' }).success).toBe(false);
  });
});

describe('formFieldSchema', () => {
  it.each([
    [
      { id: 'a', type: 'text' },
      { required: false, title: '' },
    ],
    [{ id: 'a', type: 'textarea', maxLength: 200 }, { maxLength: 200 }],
    [{ id: 'a', type: 'phone' }, { showCountryCode: false }],
    [{ id: 'a', type: 'phone', showCountryCode: true }, { showCountryCode: true }],
    [{ id: 'a', type: 'currency' }, { currencySymbol: '$' }],
    [{ id: 'a', type: 'currency', currencySymbol: '€' }, { currencySymbol: '€' }],
    [{ id: 'a', type: 'section', underline: true }, { underline: true }],
    [{ id: 'a', type: 'radio', options: ['x', 'y'] }, { options: ['x', 'y'] }],
    [{ id: 'a', type: 'likert' }, { options: [] }],
    [
      { id: 'a', type: 'hidden', key: 'utm', value: 'none' },
      { key: 'utm', value: 'none' },
    ],
  ])('parses %j with its editable properties', (input, expected) => {
    expect(formFieldSchema.parse(input)).toMatchObject({ ...input, ...expected });
  });

  it('accepts every editor field type and nothing else', () => {
    for (const type of FORM_FIELD_TYPES) {
      expect(formFieldSchema.safeParse({ id: 'a', type }).success, type).toBe(true);
    }
    expect(formFieldSchema.safeParse({ id: 'a', type: 'signature' }).success).toBe(false);
    expect(FORM_FIELD_TYPES).toHaveLength(19);
  });

  it('rejects a negative or fractional maxLength', () => {
    expect(formFieldSchema.safeParse({ id: 'a', type: 'textarea', maxLength: -1 }).success).toBe(false);
    expect(formFieldSchema.safeParse({ id: 'a', type: 'textarea', maxLength: 1.5 }).success).toBe(false);
  });

  it('lists the editable properties of the editor table', () => {
    expect(FIELD_TYPE_PROPERTIES.phone).toEqual(['showCountryCode']);
    expect(FIELD_TYPE_PROPERTIES.hidden).toEqual(['key', 'value']);
    expect(FIELD_TYPE_PROPERTIES.textarea).toEqual(['maxLength']);
    expect(FIELD_TYPE_PROPERTIES.email).toEqual([]);
  });
});

describe('fieldsets', () => {
  it.each([
    [1, 'build'],
    [2, 'storage'],
    [3, 'advanced'],
    [4, 'captcha'],
    [5, 'disclaimer'],
  ] as const)('fieldset %i is %s', (id, name) => {
    expect(formFieldsetName(id)).toBe(name);
    expect(FORM_FIELDSETS[name]).toBe(id);
    expect(formFieldsetIdSchema.parse(id)).toBe(id);
  });

  it('rejects ids outside 1-5', () => {
    expect(formFieldsetIdSchema.safeParse(0).success).toBe(false);
    expect(formFieldsetIdSchema.safeParse(6).success).toBe(false);
  });
});
