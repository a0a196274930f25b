import { messages } from '../messages';

/** Contact-style forms versus newsletter blocks; they differ in captcha action and error hints. */
export type FormKind = 'form' | 'newsletter';

/** Where the form sits relative to the error line the visitor is looking at. */
export type FormPosition = 'above-error' | 'below-error';

/**
 * The hint pointing the visitor back to the form after a failure. Newsletter blocks are a single
 * line, so they get none. The direction follows storefront.md §8 word for word: a form above the
 * error reads "scroll down", a form below it "scroll up".
 */
export function reviewMessage(kind: FormKind, position: FormPosition): string | undefined {
  if (kind === 'newsletter') return undefined;
  return position === 'above-error' ? messages.reviewScrollDown : messages.reviewScrollUp;
}
