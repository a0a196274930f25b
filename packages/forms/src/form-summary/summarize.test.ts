import { describe, expect, it } from 'vitest';
import { summarizeFormField, type SummaryAnswer } from './summarize';
import { defaultSummaryStrings, summaryStringsFrom } from './strings';

const answer = (field: unknown): SummaryAnswer | null => summarizeFormField(field).answer;

describe('summarizeFormField', () => {
  it.each([
    // address
    [
      {
        type: 'address',
        values: {
          Line1: '9 Elm Rd',
          Line2: 'Apt 2',
          City: 'Austin',
          State: 'TX',
          Zip: '73301',
          Country: 'US',
        },
      },
      { kind: 'lines', lines: ['9 Elm Rd', 'Apt 2', 'Austin, TX 73301 US'] },
    ],
    [
      { type: 'address', values: { Line1: '9 Elm Rd', Zip: '73301' } },
      { kind: 'lines', lines: ['9 Elm Rd', '73301'] },
    ],
    [
      { type: 'address', values: ['1 A St', '', 'Oslo', '', '0150', 'NO'] },
      { kind: 'lines', lines: ['1 A St', 'Oslo 0150 NO'] },
    ],
    [{ type: 'address', values: {} }, null],
    // checkbox
    [
      { type: 'checkbox', values: ['Red', 'Blue'] },
      { kind: 'choices', choices: ['Red', 'Blue'] },
    ],
    [{ type: 'checkbox', values: [] }, null],
    [
      { type: 'checkbox', value: 'Red' },
      { kind: 'text', text: 'Red' },
    ],
    [{ type: 'checkbox' }, null],
    // date
    [
      { type: 'date', values: { Month: '2', Day: '14', Year: '2024' } },
      { kind: 'text', text: '2/14/2024' },
    ],
    [
      { type: 'date', values: ['2', '14', '2024'] },
      { kind: 'text', text: '2/14/2024' },
    ],
    [{ type: 'date', values: { Month: '', Day: '', Year: '' } }, null],
    // name
    [
      { type: 'name', values: { First: 'Ada', Last: 'Lovelace' } },
      { kind: 'text', text: 'Ada Lovelace' },
    ],
    [
      { type: 'name', values: { Last: 'Lovelace' } },
      { kind: 'text', text: 'Lovelace' },
    ],
    // phone
    [
      { type: 'phone', values: { Areacode: '212', Prefix: '555', Line: '0100' } },
      { kind: 'text', text: '212-555-0100' },
    ],
    [
      { type: 'phone', values: { Country: '44', Areacode: '20', Prefix: '7946', Line: '0000' } },
      { kind: 'text', text: '+44 20-7946-0000' },
    ],
    [
      { type: 'phone', values: ['', '212', '555', '0100'] },
      { kind: 'text', text: '212-555-0100' },
    ],
    [{ type: 'phone', values: { Country: '1' } }, null],
    // time
    [
      { type: 'time', values: { Hour: 10, Minute: 5, Second: 0, Ampm: 'pm' } },
      { kind: 'text', text: '10:05:00 pm' },
    ],
    [
      { type: 'time', values: { Hour: '7', Ampm: 'am' } },
      { kind: 'text', text: '7:00:00 am' },
    ],
    [
      { type: 'time', values: { Minute: '30' } },
      { kind: 'text', text: '00:30:00' },
    ],
    [{ type: 'time', values: { Ampm: 'am' } }, null],
    // default
    [
      { type: 'text', value: 'Hello' },
      { kind: 'text', text: 'Hello' },
    ],
    [
      { type: 'number', value: 42 },
      { kind: 'text', text: '42' },
    ],
    [{ type: 'text', value: '   ' }, null],
    [{ type: 'text', value: { nested: true } }, null],
    [{ type: 'text' }, null],
  ])('%j', (field, expected) => {
    expect(answer({ rawTitle: 'T', ...field })).toEqual(expected);
  });

  it('labels likert answers from strongly disagree to strongly agree', () => {
    expect(
      answer({ type: 'likert', rawTitle: 'Q', values: { A: '-2', B: '-1', C: '0', D: 1, E: '2', F: '7' } }),
    ).toEqual({
      kind: 'ratings',
      ratings: [
        { question: 'A', answer: 'Strongly Disagree' },
        { question: 'B', answer: 'Disagree' },
        { question: 'C', answer: 'Neutral' },
        { question: 'D', answer: 'Agree' },
        { question: 'E', answer: 'Strongly Agree' },
        { question: 'F', answer: 'N/A' },
      ],
    });
    expect(answer({ type: 'likert', rawTitle: 'Q', values: {} })).toBeNull();
    expect(answer({ type: 'likert', rawTitle: 'Q', values: ['1'] })).toBeNull();
  });

  it('keeps the title and the no-answer text', () => {
    expect(summarizeFormField({ type: 'text', rawTitle: 'Notes' })).toEqual({
      title: 'Notes',
      answer: null,
      noAnswerText: 'N/A',
    });
  });

  it('never throws on data that is not a field', () => {
    for (const junk of [null, undefined, 3, 'x', [], { rawTitle: 'no type' }]) {
      expect(summarizeFormField(junk)).toEqual({ title: '', answer: null, noAnswerText: 'N/A' });
    }
  });
});

describe('summaryStringsFrom', () => {
  it('uses the defaults without localized strings', () => {
    expect(summaryStringsFrom(undefined)).toEqual(defaultSummaryStrings);
    expect(summaryStringsFrom('nope')).toEqual(defaultSummaryStrings);
  });

  it('takes trimmed overrides and ignores blank or non-string ones', () => {
    const strings = summaryStringsFrom({
      productSummaryFormNoAnswerText: '  Sans réponse ',
      productAnswerMapAgree: "D'accord",
      productAnswerMapDisagree: '   ',
      productAnswerMapNeutral: 3,
    });
    expect(strings.noAnswer).toBe('Sans réponse');
    expect(strings.likert).toEqual({ ...defaultSummaryStrings.likert, '1': "D'accord" });
  });

  it('feeds the likert labels and the no-answer text into summaries', () => {
    const strings = summaryStringsFrom({
      productAnswerMapStronglyAgree: 'Tout à fait',
      productSummaryFormNoAnswerText: '—',
    });
    expect(summarizeFormField({ type: 'likert', rawTitle: 'Q', values: { A: '2' } }, strings).answer).toEqual(
      {
        kind: 'ratings',
        ratings: [{ question: 'A', answer: 'Tout à fait' }],
      },
    );
    expect(summarizeFormField({ type: 'date', rawTitle: 'D' }, strings).noAnswerText).toBe('—');
  });
});
