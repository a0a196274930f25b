/**
 * Every text the member calls answer with, in one place so the storefront and the docs agree.
 * The spec leaves sign-in failure texts open ("not shown"); the choices are explained in README.md.
 */
export const memberMessages = {
  invalidCredentials: 'The email or password you entered is incorrect.',
  tooManyAttempts:
    'Too many sign-in attempts. For your security, wait a few minutes and try again, or reset your password.',
  emailInvalid: 'Enter a valid email address.',
  passwordTooShort: 'Use at least 10 characters.',
  passwordTooLong: 'Use at most 128 characters.',
  passwordTooSimple: 'This password is too easy to guess. Try a few unrelated words.',
  passwordIsEmail: 'Your password cannot contain your email address.',
  accountsDisabled: 'This store does not offer customer accounts.',
  consentRequired: 'Accept the terms to create an account.',
  checkEmail:
    'Check your email: if we can create or recover an account with this address, a link is on its way.',
  tokenInvalid: 'This link is not valid. Check that you opened the whole link from the email.',
  tokenUsed: 'This link has already been used. Request a new one if you still need it.',
  tokenExpired: 'This link has expired. Request a new one.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'Choose a password different from your current one.',
  languageInvalid: 'Choose a language such as en or fr-CA.',
  subscriptionNotFound: 'We could not find that subscription on your account.',
  subscriptionAlreadyCancelled: 'This subscription is already cancelled.',
  subscriptionNotPaused: 'This subscription is not paused: it renews on its own.',
  subscriptionCannotCharge:
    'We cannot charge the card saved with this subscription. Please contact the store to continue it.',
  /** {reason}: the payment provider's own words, such as "Your card was declined." */
  subscriptionResumeDeclined:
    '{reason} Your subscription stays paused: nothing was charged. Try again once your card can be charged, or contact the store.',
  addressNotFound: 'We could not find that address on your account.',
  tooManyAddresses: 'You can save up to 20 addresses. Remove one to add another.',
  restockNotFound: 'You are not signed up for a notice on that item.',
} as const;
