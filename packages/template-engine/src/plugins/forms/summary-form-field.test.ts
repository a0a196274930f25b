import { describe, expect, it } from 'vitest';
import { compile } from '../../index';
import type { RenderContext } from '../types';
import { formsPlugin } from './index';

function ctxWith(root: Record<string, unknown> = {}): RenderContext {
  return {
    locale: 'en',
    now: 0,
    timeZone: 'America/New_York',
    root,
    node: root,
    resolve: (path) => (path === 'localizedStrings' ? root.localizedStrings : undefined),
    resolveArgument: () => undefined,
    error: () => {},
    renderPartial: () => '',
    inject: () => undefined,
  };
}

const format = (field: unknown, root?: Record<string, unknown>): unknown => {
  const formatter = formsPlugin.formatters?.['summary-form-field'];
  if (!formatter) throw new Error('summary-form-field is not registered');
  return formatter(field, [], ctxWith(root), [field]);
};

const wrap = (title: string, answer: string): string =>
  `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${title}:</span> ${answer}\n</div>`;

describe('summary-form-field', () => {
  it.each([
    [
      { type: 'name', rawTitle: 'Who', values: { First: 'Grace', Last: 'Hopper' } },
      wrap('Who', 'Grace Hopper'),
    ],
    [
      { type: 'date', rawTitle: 'When', values: { Month: '1', Day: '2', Year: '1999' } },
      wrap('When', '1/2/1999'),
    ],
    [{ type: 'checkbox', rawTitle: 'Picks', values: ['A', 'B'] }, wrap('Picks', 'A, B\n')],
    // No `values`, a list as `value`: printed as template text prints a list (the reference's way).
    [{ type: 'checkbox', rawTitle: 'Picks', value: ['A', 'B'] }, wrap('Picks', 'A,B')],
    [{ type: 'checkbox', rawTitle: 'Picks', value: ['<A>', null] }, wrap('Picks', '&lt;A&gt;,null')],
    [{ type: 'checkbox', rawTitle: 'Picks', value: [] }, wrap('Picks', 'N/A')],
    [{ type: 'email', rawTitle: 'Mail', value: 'g@h.io' }, wrap('Mail', 'g@h.io')],
    [{ type: 'email', rawTitle: 'Mail' }, wrap('Mail', 'N/A')],
    // No type (or one that is no text) is no known type: the value prints, as in the reference.
    [{ value: '1234.5', currency: 'USD' }, wrap('', '1234.5')],
    [{ type: 7, rawTitle: 5, value: 'x' }, wrap('5', 'x')],
    [{ rawTitle: 'Note' }, wrap('Note', 'N/A')],
    [
      {
        type: 'address',
        rawTitle: 'Ship to',
        values: {
          Line1: '5 Oak Ave',
          Line2: 'Unit 3',
          City: 'Reno',
          State: 'NV',
          Zip: '89501',
          Country: 'US',
        },
      },
      wrap(
        'Ship to',
        '<div style="padding-left:5px;">\n  <div>5 Oak Ave</div>\n  <div>Unit 3</div>\n  <div>Reno, NV 89501 US</div>\n</div>',
      ),
    ],
    // An address keeps its parts in `values`; one given in `value` has no answer (the reference
    // prints an empty address skeleton, "<div></div>" and "<div>,   </div>", a deliberate difference).
    [
      { type: 'address', rawTitle: 'Ship to', value: { Line1: '1 Main St', City: 'Boston' } },
      wrap('Ship to', 'N/A'),
    ],
    // Missing parts leave no stray separators (the reference prints "Reno,  89501 ").
    [
      { type: 'address', rawTitle: 'Ship to', values: { Line1: '5 Oak Ave', City: 'Reno', Zip: '89501' } },
      wrap(
        'Ship to',
        '<div style="padding-left:5px;">\n  <div>5 Oak Ave</div>\n  <div>Reno 89501</div>\n</div>',
      ),
    ],
    [
      { type: 'likert', rawTitle: 'Rate', values: { Speed: '-1' } },
      wrap(
        'Rate',
        '<div style="padding-left:5px;">\n  <div><span style="font-weight:bold;">Speed:</span> Disagree</div>\n</div>',
      ),
    ],
  ])('%j', (field, expected) => {
    expect(format(field)).toBe(expected);
  });

  it('escapes visitor text and titles', () => {
    expect(format({ type: 'text', rawTitle: 'A & B', value: '<script>"x"</script>' })).toBe(
      wrap('A &amp; B', '&lt;script&gt;&quot;x&quot;&lt;/script&gt;'),
    );
  });

  it('reads the no-answer text and likert labels from localizedStrings', () => {
    const root = {
      localizedStrings: { productSummaryFormNoAnswerText: 'Aucune', productAnswerMapAgree: 'Oui' },
    };
    expect(format({ type: 'phone', rawTitle: 'Tel' }, root)).toBe(wrap('Tel', 'Aucune'));
    expect(format({ type: 'likert', rawTitle: 'R', values: { Q: '1' } }, root)).toBe(
      wrap(
        'R',
        '<div style="padding-left:5px;">\n  <div><span style="font-weight:bold;">Q:</span> Oui</div>\n</div>',
      ),
    );
  });
});

describe('summary-form-field in a template', () => {
  it('is registered by default and reads localizedStrings from the render data', () => {
    const template = compile('{.repeated section fields}{@|summary-form-field}{.end}');
    const result = template.render({
      localizedStrings: { productSummaryFormNoAnswerText: 'None given' },
      fields: [
        { type: 'time', rawTitle: 'Pick-up', values: { Hour: 11, Minute: 5, Ampm: 'am' } },
        { type: 'text', rawTitle: 'Notes' },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(result.html).toBe(wrap('Pick-up', '11:05:00 am') + wrap('Notes', 'None given'));
  });
});
