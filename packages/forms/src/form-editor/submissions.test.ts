import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormField } from '../form/fields';
import { answerText, csvCell, submissionsCsv, submissionSummary } from './submissions';

const fields: FormField[] = [
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'head', type: 'section', title: 'About you', required: false, underline: true },
  { id: 'addr', type: 'address', title: 'Address', required: false },
  {
    id: 'mood',
    type: 'likert',
    title: 'Mood',
    required: false,
    options: ['Service was quick', 'Staff were kind'],
  },
  { id: 'src', type: 'hidden', title: '', required: false, key: 'utm', value: 'direct' },
  { id: 'note', type: 'textarea', title: 'Note', required: false },
];

const values = {
  name: ['Ada', 'Lovelace'],
  addr: ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
  mood: { 'Service was quick': '2', 'Staff were kind': '-1' },
  src: 'newsletter',
};

describe('the form summary of a submission', () => {
  it('lists every answerable field in form order, with N/A for what was not answered', () => {
    const summary = submissionSummary(fields, values);
    expect(summary.map((s) => s.title)).toEqual(['Name', 'Address', 'Mood', 'utm', 'Note']);
    expect(summary.map(answerText)).toEqual([
      'Ada Lovelace',
      '1 Main St, Springfield, IL 62701 US',
      'Service was quick: Strongly Agree; Staff were kind: Disagree',
      'newsletter',
      '',
    ]);
    expect(summary[4]!.answer).toBeNull();
    expect(summary[4]!.noAnswerText).toBe('N/A');
  });

  it('rates likert statements in the form order, whatever order the stored answers have', () => {
    const summary = submissionSummary(fields, { mood: { 'Staff were kind': '0', 'Service was quick': '1' } });
    expect(answerText(summary[2]!)).toBe('Service was quick: Agree; Staff were kind: Neutral');
  });

  it('ignores answers of a field named like a prototype key', () => {
    expect(
      submissionSummary([{ id: 'toString', type: 'text', title: 'T', required: false }], {})[0]!.answer,
    ).toBeNull();
  });
});

describe('the submissions CSV', () => {
  it('has one column per answerable field and one row per submission', () => {
    const csv = submissionsCsv(fields, [
      { submittedAt: '2026-01-02T03:04:05.000Z', pagePath: '/contact', values },
    ]);
    const [header, row] = csv.trimEnd().split('\r\n');
    expect(header).toBe('Submitted,Page,Name,Address,Mood,utm,Note');
    expect(row).toBe(
      '2026-01-02T03:04:05.000Z,/contact,Ada Lovelace,"1 Main St, Springfield, IL 62701 US",Service was quick: Strongly Agree; Staff were kind: Disagree,newsletter,',
    );
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps every cell on its row whatever visitors type', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (cells) => {
        const line = cells.map(csvCell).join(',');
        // Unquoting must give back the cells: count fields with a tiny RFC 4180 reader.
        const parsed: string[] = [];
        let cur = '';
        let quoted = false;
        for (let i = 0; i < line.length; i++) {
          const ch = line[i]!;
          if (quoted) {
            if (ch === '"' && line[i + 1] === '"') {
              cur += '"';
              i++;
            } else if (ch === '"') quoted = false;
            else cur += ch;
          } else if (ch === '"') quoted = true;
          else if (ch === ',') {
            parsed.push(cur);
            cur = '';
          } else cur += ch;
        }
        parsed.push(cur);
        expect(parsed.map((c, i) => (c === cells[i] ? c : c.replace(/^'/, '')))).toEqual(cells);
      }),
    );
  });
});
