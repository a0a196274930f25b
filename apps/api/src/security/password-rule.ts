import { memberMessages } from './member-messages';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

// The most common choices that pass the length rule (from published breach corpora). Length does
// most of the work (NIST SP 800-63B): no composition rules, which mostly produce "Password1!".
const COMMON = new Set([
  '1234567890',
  '0123456789',
  'qwertyuiop',
  'password12',
  'password123',
  'password1234',
  'iloveyou12',
  'qwerty1234',
  '1q2w3e4r5t',
  'abcdefghij',
  'letmein123',
  'welcome123',
  'changeme123',
]);

/** The reason the password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return memberMessages.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return memberMessages.passwordTooLong;
  const lower = password.toLowerCase();
  // Five different characters at least: "aaaaaaaaaa" and "ababababab" have the length but no strength.
  if (new Set(lower).size < 5 || COMMON.has(lower)) return memberMessages.passwordTooSimple;
  const local = email.split('@')[0] ?? '';
  if (local.length >= 4 && lower.includes(local)) return memberMessages.passwordIsEmail;
  return undefined;
}
