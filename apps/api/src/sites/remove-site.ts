import { siteAdminMessages } from '@site/page-content';
import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Database } from '../db/client';
import { websites } from '../db/schema';

/** How long a removed site's rows are kept for a restore (docs/multi-site.md, "Removing a site"). */
export const RESTORABLE_DAYS = 30;

/**
 * Removes a site the soft way: `websites.deleted_at` is set, so no host routes to it any more
 * (request-site.ts), and nothing else is touched, so putting `deleted_at` back to null restores it
 * whole. The owner confirms by typing the site's title (spaces around it do not count).
 */
export async function removeSite(
  db: Database,
  websiteId: string,
  confirmTitle: string,
): Promise<{ restorableUntil: Date }> {
  const [site] = await db
    .select({ title: websites.title })
    .from(websites)
    .where(and(eq(websites.id, websiteId), isNull(websites.deletedAt)));
  if (!site) throw new ApiError(404, 'SITE_NOT_FOUND', siteAdminMessages.domainNotFound);
  if (confirmTitle.trim() !== site.title.trim()) {
    throw new ApiError(400, 'INVALID_FIELDS', siteAdminMessages.confirmMismatch, {
      fieldErrors: { confirmTitle: siteAdminMessages.confirmMismatch },
    });
  }
  const deletedAt = new Date();
  await db.update(websites).set({ deletedAt }).where(eq(websites.id, websiteId));
  return { restorableUntil: new Date(deletedAt.getTime() + RESTORABLE_DAYS * 24 * 3600 * 1000) };
}
