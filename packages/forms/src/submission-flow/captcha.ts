import { messages } from '../messages';

/** Actions a bot-check token is requested for (storefront.md §7). */
export const CAPTCHA_ACTIONS = {
  form: 'FORM_BLOCK_SUBMISSION',
  newsletter: 'NEWSLETTER_BLOCK_SUBMISSION',
  productWaitlist: 'PRODUCT_WAITLIST_SUBMISSION',
  promoPopup: 'PROMO_POPUP_SUBMISSION',
} as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

/**
 * The bot check behind an interface so the page can plug in the real enterprise script and tests
 * or local development a stand-in.
 */
export interface CaptchaProvider {
  /** The token for `action`; null or "" when the visitor has not completed the check. */
  getToken(action: CaptchaAction): Promise<string | null>;
  /** Clears the widget after a failed attempt so the visitor can try again. */
  reset(): void;
}

/**
 * What the visitor reads when the check gave no token: the provider's own rejection when it is one
 * of the spec's ('ReCaptcha has not been set up!' — no site key or the script did not load;
 * 'Document was destroyed' — the form left the page), otherwise 'Complete CAPTCHA before submitting.'.
 */
export function captchaFailureMessage(error?: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  return message === messages.captchaNotSetUp || message === messages.captchaDocumentDestroyed
    ? message
    : messages.captchaIncomplete;
}

export interface LocalCaptchaProvider extends CaptchaProvider {
  /** Actions tokens were asked for, in order. */
  readonly requests: readonly CaptchaAction[];
  readonly resets: number;
}

/**
 * A provider that answers a fixed token without any network, for local development and tests.
 * Pass null to play a visitor who never completes the check.
 */
export function createLocalCaptchaProvider(
  token: string | null = 'local-captcha-token',
): LocalCaptchaProvider {
  const requests: CaptchaAction[] = [];
  let resets = 0;
  return {
    get requests() {
      return requests;
    },
    get resets() {
      return resets;
    },
    async getToken(action) {
      requests.push(action);
      return token;
    },
    reset() {
      resets++;
    },
  };
}
