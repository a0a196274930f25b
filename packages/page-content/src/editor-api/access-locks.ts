import { z } from 'zod';
import { messages } from '../messages';
import { text } from '../text';

/** Owners put a password in front of the whole site or of one page (lock screen, page type 103). */
export const ACCESS_LOCKS_API = '/api/editor/access-locks';

export const LOCK_PASSWORD = { min: 4, max: 100 } as const;

/** `pageId` null: the whole site. `password` null: remove the lock. */
export const updateAccessLockSchema = z.object({
  pageId: text(200).nullable(),
  password: z
    .string()
    .min(LOCK_PASSWORD.min, messages.lockPasswordLength)
    .max(LOCK_PASSWORD.max, messages.lockPasswordLength)
    .nullable(),
});
export type UpdateAccessLock = z.input<typeof updateAccessLockSchema>;

/** Which locks exist; passwords are never sent back. */
export interface AccessLocks {
  site: boolean;
  pageIds: string[];
}
