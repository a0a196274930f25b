import { createHmac, timingSafeEqual } from 'node:crypto';
import { shopEmailSettings } from '@site/commerce-core/admin';
import { and, asc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { cartEntries, cartReminderOptouts, carts, orders, products, variants, websites } from '../db/schema';
import type { JobQueue } from '../jobs';
import { queueEmail } from '../mail/queue-email';

export const CART_RECOVERY_JOB = 'cart-recovery';
/** How often the job looks for carts due: an email goes out at most this long after its hour. */
export const CART_RECOVERY_EVERY_MS = 10 * 60_000;
/** The shortest delay an owner can choose; younger carts are never looked at. */
const MIN_DELAY_MS = 60 * 60_000;

export const RESTORE_PATH = '/api/commerce/cart-recovery/restore';
export const STOP_PATH = '/api/commerce/cart-recovery/stop';

type Purpose = 'restore' | 'stop';

/**
 * A link's signature: an HMAC keyed by the cart's token (the secret in the shopper's cookie, never
 * sent anywhere else) over the site, the cart and what the link does. Nobody can make one without
 * the token, a restore link cannot stop reminders or the reverse, and a link for one site's cart
 * means nothing on another site.
 */
export function recoverySignature(cart: { token: string; id: string; websiteId: string }, purpose: Purpose) {
  return createHmac('sha256', cart.token)
    .update(`${cart.websiteId}\u0000${cart.id}\u0000${purpose}`)
    .digest('base64url');
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The cart a signed link names, on this site; undefined for a forged, altered or other site's link. */
export async function cartForLink(
  db: Database,
  websiteId: string,
  cartId: string,
  signature: string,
  purpose: Purpose,
) {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.websiteId, websiteId)));
  if (!cart || !signatureMatches(recoverySignature(cart, purpose), signature)) return undefined;
  return cart;
}

/** No more recovery emails to this shopper's address from this site. */
export async function stopCartReminders(db: Database, websiteId: string, email: string): Promise<void> {
  await db
    .insert(cartReminderOptouts)
    .values({ websiteId, email: email.toLowerCase() })
    .onConflictDoNothing();
}

export interface RecoveryOptions {
  now?: Date;
  batchSize?: number;
}

/**
 * Sends the one recovery email of each cart due: an email typed at checkout, items in it, no order,
 * the owner's delay passed since the cart last changed, on a site whose owner turned recovery on.
 * Each cart is claimed (`recovery_settled_at`) in the transaction that queues its email, so two
 * runs never send it twice. A cart whose shopper has ordered since, or asked for no reminders, is
 * settled without an email. Answers the number of emails queued.
 */
export async function sendCartRecoveryEmails(db: Database, options: RecoveryOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 200;
  let sent = 0;
  let after = new Date(0);
  let afterId = '';
  for (;;) {
    const due = await db
      .select({ id: carts.id, updatedAt: carts.updatedAt, settings: websites.settings })
      .from(carts)
      .innerJoin(websites, eq(websites.id, carts.websiteId))
      .where(
        and(
          sql`${carts.email} is not null`,
          eq(carts.isPurchased, false),
          isNull(carts.recoverySettledAt),
          eq(carts.kind, 'standard'),
          isNull(websites.deletedAt),
          lte(carts.updatedAt, new Date(now.getTime() - MIN_DELAY_MS)),
          sql`(${carts.updatedAt}, ${carts.id}) > (${after.toISOString()}::timestamptz, ${afterId})`,
        ),
      )
      .orderBy(asc(carts.updatedAt), asc(carts.id))
      .limit(batchSize);
    for (const cart of due) {
      const hours = shopEmailSettings(cart.settings).cartRecoveryHours;
      if (hours === null || cart.updatedAt.getTime() > now.getTime() - hours * 3600_000) continue;
      if (await db.transaction((tx) => recoverOne(tx, cart.id))) sent++;
    }
    if (due.length < batchSize) return sent;
    const last = due[due.length - 1]!;
    after = last.updatedAt;
    afterId = last.id;
  }
}

async function recoverOne(tx: Tx, cartId: string): Promise<boolean> {
  const [cart] = await tx
    .update(carts)
    .set({ recoverySettledAt: sql`now()` })
    .where(and(eq(carts.id, cartId), isNull(carts.recoverySettledAt), eq(carts.isPurchased, false)))
    .returning();
  // Another run took it, or the shopper bought it in the meantime.
  if (!cart?.email) return false;
  const email = cart.email;
  const [optedOut] = await tx
    .select({ email: cartReminderOptouts.email })
    .from(cartReminderOptouts)
    .where(
      and(
        eq(cartReminderOptouts.websiteId, cart.websiteId),
        eq(cartReminderOptouts.email, email.toLowerCase()),
      ),
    );
  if (optedOut) return false;
  // Bought from another cart (another device, a cleared cookie) since this one began.
  const [ordered] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, cart.websiteId),
        sql`lower(${orders.email}) = ${email.toLowerCase()}`,
        gte(orders.createdAt, cart.created),
      ),
    )
    .limit(1);
  if (ordered) return false;
  const lines = await tx
    .select({ title: products.title, attributes: variants.attributes, quantity: cartEntries.quantity })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .innerJoin(variants, eq(variants.id, cartEntries.variantId))
    .where(and(eq(cartEntries.cartId, cart.id), gt(cartEntries.quantity, 0)))
    .orderBy(asc(cartEntries.position), asc(cartEntries.createdAt));
  if (lines.length === 0) return false;
  const origin = cart.recoveryOrigin ?? '';
  const link = (path: string, purpose: Purpose) =>
    `${origin}${path}?cart=${encodeURIComponent(cart.id)}&sig=${recoverySignature(cart, purpose)}`;
  await queueEmail(tx, cart.websiteId, 'cart-recovery', email, {
    lines: lines.map((l) => {
      const options = Object.values(l.attributes).join(', ');
      return { title: options ? `${l.title} (${options})` : l.title, quantity: l.quantity };
    }),
    recoverUrl: link(RESTORE_PATH, 'restore'),
    unsubscribeUrl: link(STOP_PATH, 'stop'),
  });
  return true;
}

/**
 * Runs the recovery on the job queue: one job (singleton key) that schedules the next run before
 * it starts, so a failing run is retried without breaking the chain (as the site purge does).
 */
export async function startCartRecovery(options: {
  db: Database;
  jobs: JobQueue;
  now?: () => Date;
  everyMs?: number;
}): Promise<void> {
  const { db, jobs } = options;
  const every = options.everyMs ?? CART_RECOVERY_EVERY_MS;
  await jobs.work(CART_RECOVERY_JOB, async () => {
    await jobs.enqueue(
      CART_RECOVERY_JOB,
      {},
      { singletonKey: CART_RECOVERY_JOB, runAt: new Date(Date.now() + every) },
    );
    await sendCartRecoveryEmails(db, { now: options.now?.() });
  });
  await jobs.enqueue(CART_RECOVERY_JOB, {}, { singletonKey: CART_RECOVERY_JOB });
}
