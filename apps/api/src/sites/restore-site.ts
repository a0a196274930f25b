import { siteAdminMessages, type RemovedSiteFound, type RestoreSiteRequest } from '@site/page-content';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Database } from '../db/client';
import { siteDomains, websites } from '../db/schema';
import { findMemberByEmail, normalizeEmail } from '../security/members';
import { decoyHash, verifyPassword } from '../security/passwords';
import { RESTORABLE_DAYS } from './remove-site';
import { normaliseHost } from './request-site';

const DAY_MS = 24 * 3600 * 1000;

/** Sites removed before this instant are past restoring: the purge deletes them. */
export const restoreCutoff = (now: Date) => new Date(now.getTime() - RESTORABLE_DAYS * DAY_MS);

export interface OwnedRemovedSite extends RemovedSiteFound {
  websiteId: string;
  ownerId: string;
}

/**
 * The host an owner means by what they typed: a bare name is the site's default address under
 * the base domain; a URL is cut down to its host. Undefined when nothing host-like is left.
 */
export function removedSiteHost(address: string, baseDomain: string | undefined): string | undefined {
  const bare =
    address
      .trim()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .split(/[/?#]/)[0] ?? '';
  const host = normaliseHost(bare);
  if (!host) return undefined;
  if (host.includes('.')) return host;
  return baseDomain ? `${host}.${normaliseHost(baseDomain)}` : undefined;
}

const notFound = () => new ApiError(404, 'REMOVED_SITE_NOT_FOUND', siteAdminMessages.removedSiteNotFound);

/**
 * The removed site at `address` when `email` and `password` are one of its owners'. An unknown
 * address, a live site, a purged one, a wrong password and a member who is not an owner all get
 * the same 404 (the password is checked against a decoy when there is no one to check), so the
 * call tells nothing to someone who is not the owner. Only the owner learns that the 30 days are
 * over (410) while the purge has not run yet.
 */
export async function findOwnedRemovedSite(
  db: Database,
  request: RestoreSiteRequest,
  baseDomain: string | undefined,
  now: Date,
): Promise<OwnedRemovedSite> {
  const host = removedSiteHost(request.address, baseDomain);
  if (!host) {
    throw new ApiError(400, 'INVALID_FIELDS', siteAdminMessages.restoreAddressMissing, {
      fieldErrors: { address: siteAdminMessages.restoreAddressMissing },
    });
  }
  const [site] = await db
    .select({ websiteId: websites.id, title: websites.title, deletedAt: websites.deletedAt })
    .from(siteDomains)
    .innerJoin(websites, eq(websites.id, siteDomains.websiteId))
    .where(and(eq(siteDomains.host, host), isNotNull(siteDomains.verifiedAt), isNotNull(websites.deletedAt)));
  const email = normalizeEmail(request.email);
  const member = site && email ? await findMemberByEmail(db, site.websiteId, email) : undefined;
  const matches = await verifyPassword(request.password, member?.passwordHash ?? (await decoyHash()));
  if (!site?.deletedAt || !member || !matches || !member.roles.includes('owner')) throw notFound();
  if (site.deletedAt <= restoreCutoff(now))
    throw new ApiError(410, 'RESTORE_EXPIRED', siteAdminMessages.restoreExpired);
  const restorableUntil = new Date(site.deletedAt.getTime() + RESTORABLE_DAYS * DAY_MS);
  const [home] = await db
    .select({ host: siteDomains.host })
    .from(siteDomains)
    .where(and(eq(siteDomains.websiteId, site.websiteId), eq(siteDomains.kind, 'default')));
  return {
    websiteId: site.websiteId,
    ownerId: member.id,
    title: site.title,
    host: home?.host ?? host,
    removedAt: site.deletedAt.toISOString(),
    restorableUntil: restorableUntil.toISOString(),
    daysLeft: Math.ceil((restorableUntil.getTime() - now.getTime()) / DAY_MS),
  };
}

/**
 * Puts a removed site back: its hosts route again at once in every process (the host cache keeps
 * hits only, and a removed site's hosts were never hits). Only while it is restorable: a restore
 * racing the purge waits for the purge's row lock and then finds nothing to restore (410).
 */
export async function restoreSite(db: Database, websiteId: string, now: Date): Promise<void> {
  const restored = await db
    .update(websites)
    .set({ deletedAt: null })
    .where(
      and(
        eq(websites.id, websiteId),
        isNotNull(websites.deletedAt),
        gt(websites.deletedAt, restoreCutoff(now)),
      ),
    )
    .returning({ id: websites.id });
  if (restored.length === 0) throw new ApiError(410, 'RESTORE_EXPIRED', siteAdminMessages.restoreExpired);
}
