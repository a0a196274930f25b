/** Email length bounds, storefront.md §9. */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/**
 * local@domain.ending: no whitespace anywhere, exactly one "@", at least one non-empty domain label
 * before the ending, and an ending of 2-4 letters (the "2-4 character ending" of the spec).
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,4}$/;

/** The email rule shared by form fields and the restock sign-up. Surrounding spaces are ignored. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
