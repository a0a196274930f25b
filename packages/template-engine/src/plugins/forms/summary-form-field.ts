import { summarizeFormField, summaryStringsFrom, type SummaryAnswer } from '@site/forms';
import type { Formatter } from '../types';

/**
 * `{field|summary-form-field}`: one submitted form field as the block shown in order summaries and
 * notification emails. The answer comes from the forms package's summary model; this file only
 * decides markup. Visitor-typed text is escaped, since it ends up in the owner's pages and emails.
 */
export const summaryFormField: Formatter = (value, _args, ctx) => {
  const summary = summarizeFormField(value, summaryStringsFrom(ctx.resolve('localizedStrings')));
  const answer = summary.answer ? answerHtml(summary.answer) : escapeHtml(summary.noAnswerText);
  return (
    '<div style="font-size:11px; margin-top:3px">\n' +
    `  <span style="font-weight:bold;">${escapeHtml(summary.title)}:</span> ${answer}\n` +
    '</div>'
  );
};

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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
