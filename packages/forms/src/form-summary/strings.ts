import { messages } from '../messages';

/** The likert scale as stored in submissions: "-2" (strongly disagree) to "2" (strongly agree). */
export const LIKERT_ANSWERS = ['-2', '-1', '0', '1', '2'] as const;
export type LikertAnswer = (typeof LIKERT_ANSWERS)[number];

/** Texts a summary needs; a site's localized strings may override each one. */
export interface SummaryStrings {
  noAnswer: string;
  likert: Readonly<Record<LikertAnswer, string>>;
}

export const defaultSummaryStrings: SummaryStrings = {
  noAnswer: messages.noAnswer,
  likert: {
    '-2': messages.likertStronglyDisagree,
    '-1': messages.likertDisagree,
    '0': messages.likertNeutral,
    '1': messages.likertAgree,
    '2': messages.likertStronglyAgree,
  },
};

/**
 * Keys of the page's `localizedStrings` that override the defaults. The no-answer key is named by
 * platform.md §3; the likert keys are not, so these follow the naming existing sites already use.
 */
export const SUMMARY_STRING_KEYS = {
  noAnswer: 'productSummaryFormNoAnswerText',
  likert: {
    '-2': 'productAnswerMapStronglyDisagree',
    '-1': 'productAnswerMapDisagree',
    '0': 'productAnswerMapNeutral',
    '1': 'productAnswerMapAgree',
    '2': 'productAnswerMapStronglyAgree',
  },
} as const;

/** Merges a site's localized strings over the defaults; blank or non-string entries are ignored. */
export function summaryStringsFrom(localizedStrings: unknown): SummaryStrings {
  const source =
    typeof localizedStrings === 'object' && localizedStrings !== null
      ? (localizedStrings as Record<string, unknown>)
      : {};
  const pick = (key: string, fallback: string): string => {
    const value = source[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  };
  const likert = Object.fromEntries(
    LIKERT_ANSWERS.map((answer) => [
      answer,
      pick(SUMMARY_STRING_KEYS.likert[answer], defaultSummaryStrings.likert[answer]),
    ]),
  ) as Record<LikertAnswer, string>;
  return { noAnswer: pick(SUMMARY_STRING_KEYS.noAnswer, defaultSummaryStrings.noAnswer), likert };
}
