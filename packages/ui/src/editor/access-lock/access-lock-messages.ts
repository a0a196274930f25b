import { LOCK_PASSWORD } from '@site/page-content';

/** The editor's strings for page and site passwords (the lock screen itself lives in the theme). */
export const accessLockMessages = {
  legend: 'Password protection',
  toggle: (what: 'page' | 'site') => `Visitors need a password to see this ${what}`,
  password: 'Password',
  newPassword: 'New password',
  keepHint: 'A password is set. Leave this empty to keep it. ',
  lengthHint: `${LOCK_PASSWORD.min} to ${LOCK_PASSWORD.max} characters. Visitors see a lock screen until they enter it.`,
  siteTitle: 'Site password',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
} as const;
