import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formSchema, type FormInput } from '../form/form';
import { collectFormValues, type RawFormInput } from './collect';
import { formValuesSchema } from './submission';

function collectOne(field: Record<string, unknown>, parts: string[] | undefined, queryString?: string) {
  const form = formSchema.parse({ id: 'f', fields: [{ id: 'x', ...field }] } as FormInput);
  const input: RawFormInput = parts === undefined ? {} : { x: parts };
  return collectFormValues(form, input, { queryString });
}

describe('collectFormValues: shapes per field type', () => {
  it.each([
    [{ type: 'text' }, ['hello'], 'hello'],
    [{ type: 'textarea' }, ['a\nb'], 'a\nb'],
    [{ type: 'email' }, ['a@b.cd'], 'a@b.cd'],
    [{ type: 'number' }, ['42'], '42'],
    [{ type: 'currency' }, ['9.99'], '9.99'],
    [{ type: 'text' }, undefined, ''],
    [{ type: 'select', options: ['A', 'B'] }, ['B'], 'B'],
    [{ type: 'radio', options: ['Yes', 'No'] }, ['No'], 'No'],
    [{ type: 'radio', options: ['Yes', 'No'] }, [], ''],
    [{ type: 'checkbox', options: ['1', '2', '3'] }, ['1', '3'], ['1', '3']],
    [{ type: 'checkbox', options: ['1'] }, [], []],
    [
      { type: 'address' },
      ['1 Main St', '', 'NYC', 'NY', '10013', 'US'],
      ['1 Main St', '', 'NYC', 'NY', '10013', 'US'],
    ],
    [{ type: 'date' }, ['11', '23', '2010'], ['11', '23', '2010']],
    [{ type: 'name' }, ['Ada', 'Lovelace'], ['Ada', 'Lovelace']],
    [{ type: 'time' }, ['9', '15', '31', 'AM'], ['9', '15', '31', 'AM']],
    [{ type: 'phone' }, ['646', '123', '0000'], ['', '646', '123', '0000']],
    [{ type: 'phone', showCountryCode: true }, ['1', '646', '123', '0000'], ['1', '646', '123', '0000']],
    [{ type: 'likert', options: ['Good', 'Nice', 'Fast'] }, ['1', '', '-2'], { Good: '1', Fast: '-2' }],
    [{ type: 'likert', options: ['Good'] }, undefined, {}],
  ])('%j with %j -> %j', (field, parts, expected) => {
    expect(collectOne(field, parts)).toEqual({ x: expected });
  });

  it('skips section fields', () => {
    expect(collectOne({ type: 'section' }, ['ignored'])).toEqual({});
  });

  it.each([
    ['?utm=spring', 'spring'],
    ['utm=spring&x=1', 'spring'],
    ['?utm=', 'own'],
    ['?other=1', 'own'],
    ['', 'own'],
    [undefined, 'own'],
  ])('hidden field with query %j -> %j', (queryString, expected) => {
    expect(collectOne({ type: 'hidden', key: 'utm', value: 'own' }, [], queryString)).toEqual({
      x: expected,
    });
  });

  it('ignores the query string for a hidden field without a key', () => {
    expect(collectOne({ type: 'hidden', value: 'own' }, [], '?=x')).toEqual({ x: 'own' });
  });
});

describe('collectFormValues: properties', () => {
  const part = fc.string({ maxLength: 12 });
  const parts = fc.array(part, { maxLength: 6 });

  it('multi-part fields keep every part, in order', () => {
    fc.assert(
      fc.property(fc.constantFrom('address', 'date', 'name', 'time'), parts, (type, p) => {
        expect(collectOne({ type }, p)).toEqual({ x: p });
      }),
    );
  });

  it('phone values always have 4 slots when given 3 or 4 parts, with the parts at the end', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 3, maxLength: 4 }), (p) => {
        const value = collectOne({ type: 'phone' }, p).x as string[];
        expect(value).toHaveLength(4);
        expect(value.slice(4 - p.length)).toEqual(p);
      }),
    );
  });

  it('checkbox values are exactly the non-empty checked parts', () => {
    fc.assert(
      fc.property(parts, (p) => {
        expect(collectOne({ type: 'checkbox' }, p)).toEqual({ x: p.filter((s) => s !== '') });
      }),
    );
  });

  it('likert maps only answered statements, each to its own answer', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 5 }),
        fc.array(fc.constantFrom('', '-2', '-1', '0', '1', '2'), { maxLength: 5 }),
        (statements, answers) => {
          const value = collectOne({ type: 'likert', options: statements }, answers).x as Record<
            string,
            string
          >;
          statements.forEach((s, i) => {
            expect(Object.hasOwn(value, s)).toBe(Boolean(answers[i]));
            if (answers[i]) expect(value[s]).toBe(answers[i]);
          });
          expect(Object.keys(value).length).toBeLessThanOrEqual(statements.length);
        },
      ),
    );
  });

  it('every collected map satisfies the submission schema and has one entry per non-section field', () => {
    const fieldArb = fc.record({
      type: fc.constantFrom(
        'text',
        'textarea',
        'email',
        'number',
        'website',
        'password',
        'twitter',
        'date',
        'time',
        'name',
        'address',
        'phone',
        'currency',
        'section',
        'radio',
        'checkbox',
        'select',
        'likert',
        'hidden',
      ),
      options: fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(fieldArb, { maxLength: 8 }), fc.array(parts, { maxLength: 8 }), (specs, raw) => {
        const form = formSchema.parse({
          id: 'f',
          fields: specs.map((s, i) => ({ id: `f${i}`, ...s })),
        });
        const input = Object.fromEntries(raw.map((p, i) => [`f${i}`, p]));
        const values = collectFormValues(form, input);
        expect(formValuesSchema.safeParse(values).success).toBe(true);
        const expectedIds = form.fields.filter((f) => f.type !== 'section').map((f) => f.id);
        expect(Object.keys(values).sort()).toEqual(expectedIds.sort());
      }),
    );
  });
});

describe('collectFormValues: hostile keys', () => {
  it('keeps "__proto__" as an ordinary field id and likert statement', () => {
    const form = formSchema.parse({
      id: 'f',
      fields: [
        { id: '__proto__', type: 'text' },
        { id: 'l', type: 'likert', options: ['__proto__'] },
      ],
    });
    const input: RawFormInput = JSON.parse('{"__proto__": ["x"], "l": ["2"]}');
    const values = collectFormValues(form, input);
    expect(Object.hasOwn(values, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(values, '__proto__')?.value).toBe('x');
    expect(Object.hasOwn(values.l as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });

  it('does not read inherited properties as input', () => {
    const form = formSchema.parse({
      id: 'f',
      fields: [
        { id: '__proto__', type: 'name' },
        { id: 'toString', type: 'text' },
      ],
    });
    const values = collectFormValues(form, {});
    expect(Object.getOwnPropertyDescriptor(values, '__proto__')?.value).toEqual([]);
    expect(values.toString).toBe('');
  });
});
