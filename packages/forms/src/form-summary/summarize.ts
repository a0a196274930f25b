import { z } from 'zod';
import { defaultSummaryStrings, LIKERT_ANSWERS, type LikertAnswer } from './strings';
import type { SummaryStrings } from './strings';

/**
 * A submitted field as stored for rendering answers (platform.md §3 "Form summary field"). Part
 * values may be keyed by part name or, as they come from a submission, a list in part order.
 */
export const summaryFormFieldSchema = /* @__PURE__ */ (() =>
  z.object({
    type: z.string(),
    rawTitle: z.string().default(''),
    value: z.unknown().optional(),
    values: z.unknown().optional(),
  }))();
export type SummaryFormField = z.infer<typeof summaryFormFieldSchema>;

/** Part names per multi-part type, in the order a submission lists them. */
export const SUMMARY_PARTS = {
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  name: ['First', 'Last'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
} as const;

export type SummaryAnswer =
  /** One line of text: date, name, phone, time and every type without its own layout. */
  | { kind: 'text'; text: string }
  /** Checked options of a checkbox group. */
  | { kind: 'choices'; choices: string[] }
  /** An address, one entry per printed line. */
  | { kind: 'lines'; lines: string[] }
  /** A likert field: each statement with its answer's label. */
  | { kind: 'ratings'; ratings: { question: string; answer: string }[] };

export interface FormFieldSummary {
  title: string;
  /** Null when the visitor gave no answer; show `noAnswerText` instead. */
  answer: SummaryAnswer | null;
  noAnswerText: string;
}

/** Turns one stored field into what an order summary or email shows. Never throws. */
export function summarizeFormField(
  field: unknown,
  strings: SummaryStrings = defaultSummaryStrings,
): FormFieldSummary {
  const parsed = summaryFormFieldSchema.safeParse(field);
  if (!parsed.success) return { title: '', answer: null, noAnswerText: strings.noAnswer };
  const { type, rawTitle, value, values } = parsed.data;
  return { title: rawTitle, answer: answerOf(type, value, values, strings), noAnswerText: strings.noAnswer };
}

function answerOf(
  type: string,
  value: unknown,
  values: unknown,
  strings: SummaryStrings,
): SummaryAnswer | null {
  switch (type) {
    case 'address':
      return addressAnswer(parts(values, SUMMARY_PARTS.address));
    case 'checkbox': {
      const choices = Array.isArray(values) ? values.map(scalar).filter(Boolean) : [];
      return choices.length > 0 ? { kind: 'choices', choices } : textAnswer(scalar(value));
    }
    case 'date': {
      const p = parts(values, SUMMARY_PARTS.date);
      return textAnswer([p.Month, p.Day, p.Year].filter(Boolean).join('/'));
    }
    case 'likert':
      return likertAnswer(values, strings);
    case 'name': {
      const p = parts(values, SUMMARY_PARTS.name);
      return textAnswer([p.First, p.Last].filter(Boolean).join(' '));
    }
    case 'phone':
      return phoneAnswer(parts(values, SUMMARY_PARTS.phone));
    case 'time':
      return timeAnswer(parts(values, SUMMARY_PARTS.time));
    default:
      return textAnswer(scalar(value));
  }
}

type Parts<Names extends readonly string[]> = Record<Names[number], string>;

function parts<const Names extends readonly string[]>(values: unknown, names: Names): Parts<Names> {
  const result = {} as Record<string, string>;
  names.forEach((name, i) => {
    let raw: unknown;
    if (Array.isArray(values)) raw = values[i];
    else if (typeof values === 'object' && values !== null) {
      raw = (values as Record<string, unknown>)[name];
    }
    result[name] = scalar(raw);
  });
  return result as Parts<Names>;
}

/** Strings and finite numbers print; anything else, and blank text, counts as no value. */
function scalar(raw: unknown): string {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
  return '';
}

function textAnswer(text: string): SummaryAnswer | null {
  return text === '' ? null : { kind: 'text', text };
}

function addressAnswer(p: Parts<typeof SUMMARY_PARTS.address>): SummaryAnswer | null {
  const locality = [[p.City, p.State].filter(Boolean).join(', '), p.Zip, p.Country].filter(Boolean).join(' ');
  const lines = [p.Line1, p.Line2, locality].filter(Boolean);
  return lines.length > 0 ? { kind: 'lines', lines } : null;
}

function phoneAnswer(p: Parts<typeof SUMMARY_PARTS.phone>): SummaryAnswer | null {
  const number = [p.Areacode, p.Prefix, p.Line].filter(Boolean).join('-');
  if (number === '') return null;
  return { kind: 'text', text: p.Country ? `+${p.Country} ${number}` : number };
}

/** Missing minutes or seconds print as "00" so "4 pm" reads 4:00:00 pm. */
function timeAnswer(p: Parts<typeof SUMMARY_PARTS.time>): SummaryAnswer | null {
  if (!p.Hour && !p.Minute && !p.Second) return null;
  const clock = [p.Hour || '00', p.Minute.padStart(2, '0'), p.Second.padStart(2, '0')].join(':');
  return { kind: 'text', text: p.Ampm ? `${clock} ${p.Ampm}` : clock };
}

function likertAnswer(values: unknown, strings: SummaryStrings): SummaryAnswer | null {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
  const ratings = Object.entries(values as Record<string, unknown>).map(([question, raw]) => {
    const key = scalar(raw);
    const answer = isLikertAnswer(key) ? strings.likert[key] : strings.noAnswer;
    return { question, answer };
  });
  return ratings.length > 0 ? { kind: 'ratings', ratings } : null;
}

function isLikertAnswer(key: string): key is LikertAnswer {
  return (LIKERT_ANSWERS as readonly string[]).includes(key);
}
