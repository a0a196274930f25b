import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORM_FIELD_TYPES } from '../form/fields';
import { formSchema } from '../form/form';
import {
  editableProperties,
  editorFieldSchema,
  editorFormInputSchema,
  formEditorMessages,
  formProblems,
  FORM_EDITOR_LIMITS,
  newField,
  toFormModel,
} from './editor-form';

const on = { formHandler: true };
const off = { formHandler: false };
const parse = (input: unknown) => editorFormInputSchema.parse(input);

describe('field types and their editable properties (platform.md §3)', () => {
  it.each([
    ['phone', ['showCountryCode']],
    ['currency', ['currencySymbol']],
    ['section', ['underline']],
    ['radio', ['options']],
    ['checkbox', ['options']],
    ['select', ['options']],
    ['likert', ['options']],
    ['hidden', ['key', 'value']],
    ['text', []],
    ['address', []],
    ['textarea', ['maxLength']],
  ] as const)('%s offers %j with the form handler on', (type, props) => {
    expect(editableProperties(type, on)).toEqual(props);
  });

  it('hides the textarea maxLength without the form-handler feature', () => {
    expect(editableProperties('textarea', off)).toEqual([]);
  });

  it('makes a valid new field of every type, with an id the form does not use yet', () => {
    const ids: string[] = [];
    for (const type of FORM_FIELD_TYPES) {
      const field = newField(type, ids);
      expect(ids).not.toContain(field.id);
      ids.push(field.id);
      expect(editorFieldSchema.safeParse(field).success).toBe(true);
    }
    expect(newField('text', ['text-2']).id).toBe('text-3');
  });

  it('stores a model the site reads back with the shared form schema', () => {
    const form = parse({ name: 'Contact', fields: FORM_FIELD_TYPES.map((t, i) => newField(t, [String(i)])) });
    const model = toFormModel('f1', form);
    const read = formSchema.parse(model);
    expect(read.fields.map((f) => f.type)).toEqual(FORM_FIELD_TYPES);
    expect(model.storage.inbox).toBe(true);
  });
});

describe('bad input of the form editor', () => {
  it.each([
    ['a blank name', { name: '  ', fields: [] }, formEditorMessages.nameRequired],
    [
      'a choice field without options',
      { name: 'F', fields: [{ id: 'r', type: 'radio', title: 'R', options: [] }] },
      formEditorMessages.optionsRequired,
    ],
    [
      'a blank option',
      { name: 'F', fields: [{ id: 'r', type: 'select', title: 'R', options: ['a', ' '] }] },
      formEditorMessages.optionBlank,
    ],
    [
      'repeated options',
      { name: 'F', fields: [{ id: 'r', type: 'checkbox', title: 'R', options: ['a', 'a'] }] },
      formEditorMessages.optionDuplicate,
    ],
    [
      'a hidden key with spaces',
      { name: 'F', fields: [{ id: 'h', type: 'hidden', title: '', key: 'a b', value: '' }] },
      formEditorMessages.hiddenKeyInvalid,
    ],
    [
      'too many fields',
      {
        name: 'F',
        fields: Array.from({ length: FORM_EDITOR_LIMITS.fieldsMax + 1 }, (_, i) => ({
          id: `t${i}`,
          type: 'text',
          title: 'T',
        })),
      },
      formEditorMessages.tooManyFields,
    ],
  ])('refuses %s', (_, input, message) => {
    const result = editorFormInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it.each([
    ['an unknown field type', { name: 'F', fields: [{ id: 'x', type: 'signature', title: 'X' }] }],
    ['a NUL in a title', { name: 'F', fields: [{ id: 'x', type: 'text', title: 'a\u0000b' }] }],
    [
      'a lone surrogate in an option',
      { name: 'F', fields: [{ id: 'x', type: 'radio', title: 'X', options: ['\uD800'] }] },
    ],
    ['an id with a slash', { name: 'F', fields: [{ id: 'a/b', type: 'text', title: 'X' }] }],
    [
      'a textarea maxLength of 0',
      { name: 'F', fields: [{ id: 'x', type: 'textarea', title: 'X', maxLength: 0 }] },
    ],
    ['a number for a name', { name: 5, fields: [] }],
  ])('refuses %s', (_, input) => {
    expect(editorFormInputSchema.safeParse(input).success).toBe(false);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = editorFormInputSchema.safeParse(input);
        if (result.success) formProblems(result.data, on, []);
      }),
    );
  });
});

describe('rules across fields and fieldsets', () => {
  it('reports shared ids, blank titles and a maxLength without the feature, each at its place', () => {
    const form = parse({
      name: 'F',
      fields: [
        { id: 'a', type: 'text', title: 'A' },
        { id: 'a', type: 'text', title: ' ' },
        { id: 'c', type: 'textarea', title: 'C', maxLength: 10 },
        { id: 'h', type: 'hidden', title: '', key: 'utm', value: 'x' },
      ],
    });
    expect(formProblems(form, off, [])).toEqual([
      { path: 'fields.1.id', message: formEditorMessages.duplicateFieldId },
      { path: 'fields.1.title', message: formEditorMessages.titleRequired },
      { path: 'fields.2.maxLength', message: formEditorMessages.maxLengthUnavailable },
    ]);
    expect(formProblems(form, on, []).map((p) => p.path)).toEqual(['fields.1.id', 'fields.1.title']);
  });

  it('needs a real list and valid notification addresses when storage asks for them', () => {
    const form = parse({
      name: 'F',
      fields: [],
      storage: {
        email: { enabled: true, recipients: ['owner@example.com', 'nope'] },
        mailingList: { enabled: true, listId: 'gone' },
      },
    });
    expect(formProblems(form, on, ['l1'])).toEqual([
      { path: 'storage.email.recipients.1', message: 'Please enter a valid email' },
      { path: 'storage.mailingList', message: 'A List must be selected' },
    ]);
    const empty = parse({ name: 'F', fields: [], storage: { email: { enabled: true } } });
    expect(formProblems(empty, on, [])).toEqual([
      { path: 'storage.email', message: formEditorMessages.recipientsRequired },
    ]);
    const fine = parse({ name: 'F', fields: [], storage: { mailingList: { enabled: true, listId: 'l1' } } });
    expect(formProblems(fine, on, ['l1'])).toEqual([]);
  });

  it('keeps the inbox always on', () => {
    expect(
      editorFormInputSchema.safeParse({ name: 'F', fields: [], storage: { inbox: false } }).success,
    ).toBe(false);
  });
});
