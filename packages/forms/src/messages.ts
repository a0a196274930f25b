/**
 * Every user-facing string of the forms domain, in one place so it can be translated and audited.
 * Texts are copied verbatim from the specification (storefront.md §3-§9, platform.md §3).
 */

/** The format an email address should follow, shown inside {@link messages.emailInvalid}. */
export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com';

export const messages = {
  // Form model defaults
  defaultFormName: 'My Form Name',

  // Form rules (storefront §5)
  required: 'Required',
  characterLimitExceeded: 'You have exceeded the character limit.',
  emailInvalid: `Email is not valid. Email addresses should follow the format ${EMAIL_FORMAT_EXAMPLE}.`,
  fieldsInvalid: 'One or more fields is invalid, please check your entries.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  // Captcha rejections (platform §8)
  captchaDocumentDestroyed: 'Document was destroyed',
  captchaNotSetUp: 'ReCaptcha has not been set up!',

  // Restock sign-up (storefront §5, §8)
  restockEmailBlank: 'Email cannot be blank',
  restockEmailInvalid: 'Email is invalid',
  restockFailed: 'Unable to submit form. Please try again later.',
  restockSignedUp: 'Signed up!',

  // Form submission errors (storefront §8)
  submitUnauthorized: 'Unable to submit form. Please try again later.',
  submitNotConfigured: 'This form has not been configured yet.',
  submitRateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  submitServerError: 'Unable to send form. Please try again later.',
  submitUnknownError: 'Unknown error, please try again later.',
  submitProcessingError: 'Error processing form submission. Please reload and try again.',
  submitKeyUnavailable: 'Could not get a form submission key, please try again later.',
  submitFieldsUnparseable: 'Could not parse the form fields, please check your entries.',
  reviewScrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  reviewScrollUp: 'Your form has encountered a problem. Please scroll up to review.',

  // Button labels (storefront §4)
  submitting: 'Submitting…',
  saving: 'Saving…',

  // Form summary (storefront §9, platform §3)
  noAnswer: 'N/A',
  likertStronglyDisagree: 'Strongly Disagree',
  likertDisagree: 'Disagree',
  likertNeutral: 'Neutral',
  likertAgree: 'Agree',
  likertStronglyAgree: 'Strongly Agree',
} as const;

export type MessageKey = keyof typeof messages;
