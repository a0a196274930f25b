import { z } from 'zod';
import type { FormField } from '../form/fields';
import { summarizeFormField, type FormFieldSummary, type SummaryAnswer } from '../form-summary/summarize';
import { defaultSummaryStrings, type SummaryStrings } from '../form-summary/strings';

/** Editor routes of the form editor and the submissions inbox. */
export const FORMS_API = {
  forms: '/api/editor/forms',
  form: (id: string) => `/api/editor/forms/${encodeURIComponent(id)}`,
  submissions: (id: string) => `/api/editor/forms/${encodeURIComponent(id)}/submissions`,
  submission: (id: string, submissionId: string) =>
    `/api/editor/forms/${encodeURIComponent(id)}/submissions/${encodeURIComponent(submissionId)}`,
  submissionsCsv: (id: string) => `/api/editor/forms/${encodeURIComponent(id)}/submissions.csv`,
} as const;

/** Submissions per page of the inbox list. */
export const SUBMISSIONS_PAGE_SIZE = 25;

export interface FormListItem {
  id: string;
  name: string;
  fieldCount: number;
  submissionCount: number;
  updatedAt: string;
}

export interface SubmissionListItem {
  id: string;
  submittedAt: string;
  pagePath: string;
  /** The first answered text field, so rows can be told apart in the list. */
  preview: string;
}

/** The inbox list's query: the previous page's `nextPageCursor`, none for the first page. */
export const submissionQuerySchema = z.object({ cursor: z.string().max(500).optional() });

/** One page of the inbox, newest first. */
export interface SubmissionListPage {
  submissions: SubmissionListItem[];
  /** How many the form has, counted for the first page only (null on the pages after it). */
  total: number | null;
  /** Where the next page starts; null on the last page. */
  nextPageCursor: string | null;
}

export interface SubmissionDetail {
  id: string;
  submittedAt: string;
  pagePath: string;
  pageTitle: string;
  summary: FormFieldSummary[];
}

type Answerable = Exclude<FormField, { type: 'section' }>;

/** Fields that take an answer (a section is a heading, not a question). */
export function answerableFields(fields: readonly FormField[]): Answerable[] {
  return fields.filter((f): f is Answerable => f.type !== 'section');
}

/**
 * The form summary of one submission (platform.md §3 "Form summary field"), in the form's field
 * order. Answers to fields removed since are not shown; fields added since show "N/A".
 */
export function submissionSummary(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  strings: SummaryStrings = defaultSummaryStrings,
): FormFieldSummary[] {
  return answerableFields(fields).map((field) => {
    let raw = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
    // Stored as JSON (jsonb reorders keys): rate the statements in the order the form asks them.
    if (field.type === 'likert' && typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      const answers = raw as Record<string, unknown>;
      raw = Object.fromEntries(
        field.options.filter((o) => Object.hasOwn(answers, o)).map((o) => [o, answers[o]]),
      );
    }
    const many = Array.isArray(raw) || (typeof raw === 'object' && raw !== null);
    return summarizeFormField(
      {
        type: field.type,
        rawTitle: field.title || (field.type === 'hidden' ? field.key || field.id : field.id),
        ...(many ? { values: raw } : { value: raw }),
      },
      strings,
    );
  });
}

/** One line of text for an answer, as a CSV cell or a list preview shows it. */
export function answerText(summary: FormFieldSummary): string {
  const answer: SummaryAnswer | null = summary.answer;
  if (!answer) return '';
  switch (answer.kind) {
    case 'text':
      return answer.text;
    case 'choices':
      return answer.choices.join(', ');
    case 'lines':
      return answer.lines.join(', ');
    case 'ratings':
      return answer.ratings.map((r) => `${r.question}: ${r.answer}`).join('; ');
  }
}

/**
 * A cell as CSV needs it: quoted when it holds a separator, a quote or a line break, and with a
 * leading apostrophe when a spreadsheet would read it as a formula (=, +, -, @, tab, CR).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface CsvSubmission {
  submittedAt: string;
  pagePath: string;
  values: Readonly<Record<string, unknown>>;
}

const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The CSV's first line: Submitted, Page, then one column per answerable field of the form now. */
export function submissionsCsvHeader(fields: readonly FormField[]): string {
  return csvLine([
    'Submitted',
    'Page',
    ...answerableFields(fields).map((f) => f.title || (f.type === 'hidden' ? f.key || f.id : f.id)),
  ]);
}

/** One submission as a CSV line under `submissionsCsvHeader(fields)`, so an export can stream. */
export function submissionCsvLine(fields: readonly FormField[], submission: CsvSubmission): string {
  return csvLine([
    submission.submittedAt,
    submission.pagePath,
    ...submissionSummary(answerableFields(fields), submission.values).map(answerText),
  ]);
}

/** The inbox as CSV: one row per submission, one column per answerable field of the form now. */
export function submissionsCsv(fields: readonly FormField[], submissions: readonly CsvSubmission[]): string {
  return submissionsCsvHeader(fields) + submissions.map((s) => submissionCsvLine(fields, s)).join('');
}
