import { summarizeFormField, summaryStringsFrom, type SummaryAnswer, type SummaryStrings } from '@site/forms';
import { getOwn, toText } from '../../runtime';
import type { Formatter } from '../types';

/** The summary strings of a page's `localizedStrings`, built once per object (every field reads them). */
const stringsOf = new WeakMap<object, SummaryStrings>();
const defaultStrings = summaryStringsFrom(undefined);
function summaryStrings(localized: unknown): SummaryStrings {
  if (typeof localized !== 'object' || localized === null) return defaultStrings;
  let strings = stringsOf.get(localized);
  if (strings === undefined) {
    strings = summaryStringsFrom(localized);
    stringsOf.set(localized, strings);
  }
  return strings;
}

/**
 * `{field|summary-form-field}`: one submitted form field as the block shown in order summaries and
 * notification emails. The answer comes from the forms package's summary model; this file only
 * decides markup. Visitor-typed text is escaped, since it ends up in the owner's pages and emails.
 */
export const summaryFormField: Formatter = (value, _args, ctx) => {
  const summary = summarizeFormField(asField(value), summaryStrings(ctx.resolve('localizedStrings')));
  const list = summary.answer ? null : checkedList(value);
  const answer = summary.answer
    ? answerHtml(summary.answer)
    : escapeHtml(list === null ? summary.noAnswerText : toText(list));
  return (
    '<div style="font-size:11px; margin-top:3px">\n' +
    `  <span style="font-weight:bold;">${escapeHtml(summary.title)}:</span> ${answer}\n` +
    '</div>'
  );
};

/**
 * The field as the reference's summary template reads it: a `type` that is no text is no known
 * type (the value prints as it is), and a title prints as template text does.
 */
function asField(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const type = getOwn(value, 'type');
  const title = getOwn(value, 'rawTitle');
  if (typeof type === 'string' && (title === undefined || typeof title === 'string')) return value;
  return {
    ...value,
    type: typeof type === 'string' ? type : '',
    rawTitle: title === undefined ? '' : toText(title),
  };
}

/**
 * A checkbox field without `values` whose `value` is a non-empty list: the reference engine
 * prints that list as template text prints one ("a,b"), where the summary model sees no answer.
 */
function checkedList(field: unknown): unknown[] | null {
  if (getOwn(field, 'type') !== 'checkbox') return null;
  const v = getOwn(field, 'value');
  return Array.isArray(v) && v.length > 0 ? v : null;
}

function answerHtml(answer: SummaryAnswer): string {
  switch (answer.kind) {
    case 'text':
      return escapeHtml(answer.text);
    case 'choices':
      return answer.choices.map(escapeHtml).join(', ') + '\n';
    case 'lines':
      return indented(answer.lines.map((line) => `<div>${escapeHtml(line)}</div>`));
    case 'ratings':
      return indented(
        answer.ratings.map(
          ({ question, answer: label }) =>
            `<div><span style="font-weight:bold;">${escapeHtml(question)}:</span> ${escapeHtml(label)}</div>`,
        ),
      );
  }
}

function indented(rows: string[]): string {
  return `<div style="padding-left:5px;">${rows.map((row) => `\n  ${row}`).join('')}\n</div>`;
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const SPECIAL = /[&<>"']/;

function escapeHtml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
