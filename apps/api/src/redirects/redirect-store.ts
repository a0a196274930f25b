import {
  findRedirectLoop,
  isWildcardRedirect,
  REDIRECT_LIMITS,
  redirectMessages,
  redirectTable,
  resolveRedirect,
  type RedirectRule,
  type RedirectTable,
  type RedirectView,
} from '@site/page-content';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { pages, redirects, websites } from '../db/schema';
import { ApiError } from '../http';

const refuse = (field: 'from' | 'to', code: string, message: string, status = 409) =>
  new ApiError(status, code, message, [{ path: [field], message }]);

async function rulesOf(db: Pick<Database, 'select'>, websiteId: string): Promise<RedirectRule[]> {
  return db
    .select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status })
    .from(redirects)
    .where(eq(redirects.websiteId, websiteId))
    .orderBy(asc(redirects.fromPath));
}

/** The site's rules ready to match a visitor's path (only asked when no page answers it). */
export async function loadRedirectTable(db: Database, websiteId: string): Promise<RedirectTable> {
  return redirectTable(await rulesOf(db, websiteId));
}

/** Every rule, newest first, with where visitors end up when rules chain. */
export async function listRedirects(db: Database, websiteId: string): Promise<RedirectView[]> {
  const rows = await db
    .select()
    .from(redirects)
    .where(eq(redirects.websiteId, websiteId))
    .orderBy(desc(redirects.createdAt), asc(redirects.fromPath));
  const table = redirectTable(rows.map((r) => ({ from: r.fromPath, to: r.toPath, status: r.status })));
  return rows.map((r) => {
    const trip = isWildcardRedirect(r.fromPath) ? undefined : resolveRedirect(table, r.fromPath);
    const servedTo = trip?.kind === 'redirect' && trip.location !== r.toPath ? trip.location : undefined;
    return {
      from: r.fromPath,
      to: r.toPath,
      status: r.status,
      ...(servedTo ? { servedTo } : {}),
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * Checks `rule` against the site's other rules and pages, under a lock on the site so two owners
 * adding A→B and B→A at once cannot both pass the circle check.
 */
async function checked(tx: Tx, websiteId: string, rule: RedirectRule, replacing?: string): Promise<void> {
  await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
  const others = (await rulesOf(tx, websiteId)).filter((r) => r.from !== replacing);
  if (others.some((r) => r.from === rule.from))
    throw refuse('from', 'REDIRECT_EXISTS', redirectMessages.exists(rule.from));
  if (others.length >= REDIRECT_LIMITS.rulesPerSite)
    throw new ApiError(409, 'TOO_MANY_REDIRECTS', redirectMessages.tooMany);
  const paths = new Set(
    (await tx.select({ path: pages.path }).from(pages).where(eq(pages.websiteId, websiteId))).map(
      (p) => p.path,
    ),
  );
  if (paths.has(rule.from)) throw refuse('from', 'PAGE_EXISTS', redirectMessages.pageExists(rule.from));
  const loop = findRedirectLoop([...others, rule], rule, (path) => paths.has(path));
  if (loop) throw refuse('to', 'REDIRECT_LOOP', redirectMessages.loop(loop));
}

export async function addRedirect(db: Database, websiteId: string, rule: RedirectRule): Promise<void> {
  await db.transaction(async (tx) => {
    await checked(tx, websiteId, rule);
    await tx
      .insert(redirects)
      .values({ websiteId, fromPath: rule.from, toPath: rule.to, status: rule.status });
  });
}

export async function updateRedirect(
  db: Database,
  websiteId: string,
  original: string,
  rule: RedirectRule,
): Promise<void> {
  await db.transaction(async (tx) => {
    await checked(tx, websiteId, rule, original);
    const changed = await tx
      .update(redirects)
      .set({ fromPath: rule.from, toPath: rule.to, status: rule.status })
      .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, original)))
      .returning({ from: redirects.fromPath });
    if (changed.length === 0) throw new ApiError(404, 'REDIRECT_NOT_FOUND', redirectMessages.notFound);
  });
}

export async function removeRedirect(db: Database, websiteId: string, from: string): Promise<void> {
  const removed = await db
    .delete(redirects)
    .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, from)))
    .returning({ from: redirects.fromPath });
  if (removed.length === 0) throw new ApiError(404, 'REDIRECT_NOT_FOUND', redirectMessages.notFound);
}
