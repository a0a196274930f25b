import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { mailingLists, mailingListSubscribers } from '../db/schema';
import { queueEmail } from '../mail/queue-email';
import type { MailingListHooks, SubscribeRequest, Subscribed, SubscriberEvent } from '../site/hooks';

export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
/** A confirmation link older than this no longer confirms; signing up again sends a new one. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const newToken = () => randomBytes(32).toString('base64url');
/** Only hashes are stored: a leaked table holds no working links. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Records the visitor's consent in the caller's transaction. With double opt-in the address waits
 * for its confirmation link (queued in the same transaction); an address already confirmed stays
 * as it is, and the answer never tells a visitor whether an address was on the list.
 */
export async function subscribe(tx: Tx, websiteId: string, request: SubscribeRequest): Promise<Subscribed> {
  const [list] = await tx
    .select()
    .from(mailingLists)
    .where(and(eq(mailingLists.id, request.listId), eq(mailingLists.websiteId, websiteId)));
  if (!list) return {};
  const email = request.email.trim().toLowerCase();
  const now = new Date();
  const [existing] = await tx
    .select()
    .from(mailingListSubscribers)
    .where(and(eq(mailingListSubscribers.listId, list.id), eq(mailingListSubscribers.email, email)));
  if (existing?.status === 'confirmed') return {};
  const confirmToken = request.doubleOptIn ? newToken() : undefined;
  const row = {
    status: confirmToken ? ('pending' as const) : ('confirmed' as const),
    source: request.source,
    consentedAt: now,
    confirmedAt: confirmToken ? null : now,
    unsubscribedAt: null,
    confirmTokenHash: confirmToken ? tokenHash(confirmToken) : null,
  };
  if (existing) {
    await tx.update(mailingListSubscribers).set(row).where(eq(mailingListSubscribers.id, existing.id));
  } else {
    await tx.insert(mailingListSubscribers).values({
      id: randomUUID(),
      listId: list.id,
      email,
      unsubscribeTokenHash: tokenHash(newToken()),
      ...row,
    });
  }
  if (confirmToken) {
    const confirmUrl = `${request.origin}${CONFIRM_PATH}?token=${confirmToken}`;
    await queueEmail(tx, websiteId, 'newsletter-confirmation', email, { confirmUrl, listName: list.name });
    return {};
  }
  return {
    added: {
      listId: list.id,
      listName: list.name,
      email,
      source: request.source,
      consentedAt: now.toISOString(),
    },
  };
}

/** The list the restock form's box feeds: the one marked default, else the oldest. */
export async function defaultListId(db: Database | Tx, websiteId: string): Promise<string | undefined> {
  const [list] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId))
    .orderBy(desc(mailingLists.isDefault), asc(mailingLists.createdAt))
    .limit(1);
  return list?.id;
}

export type ConfirmResult =
  | { kind: 'confirmed'; listName: string; unsubscribeToken: string; added: SubscriberEvent }
  | { kind: 'invalid' };

/** Spends the confirmation token; a second click, an old or an unknown link finds nothing. */
export async function confirmSubscription(
  db: Database,
  websiteId: string,
  token: string,
  at = new Date(),
): Promise<ConfirmResult> {
  if (!token) return { kind: 'invalid' };
  const unsubscribeToken = newToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ subscriber: mailingListSubscribers, listName: mailingLists.name })
      .from(mailingListSubscribers)
      .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
      .where(
        and(
          eq(mailingListSubscribers.confirmTokenHash, tokenHash(token)),
          eq(mailingLists.websiteId, websiteId),
        ),
      )
      .for('update');
    if (
      !row ||
      row.subscriber.status !== 'pending' ||
      at.getTime() - row.subscriber.consentedAt.getTime() > CONFIRM_TTL_MS
    ) {
      return { kind: 'invalid' as const };
    }
    // A fresh unsubscribe token, since this page is the one place its plain text is shown.
    await tx
      .update(mailingListSubscribers)
      .set({
        status: 'confirmed',
        confirmedAt: at,
        confirmTokenHash: null,
        unsubscribeTokenHash: tokenHash(unsubscribeToken),
      })
      .where(eq(mailingListSubscribers.id, row.subscriber.id));
    const { subscriber } = row;
    return {
      kind: 'confirmed' as const,
      listName: row.listName,
      unsubscribeToken,
      added: {
        listId: subscriber.listId,
        listName: row.listName,
        email: subscriber.email,
        source: subscriber.source,
        consentedAt: subscriber.consentedAt.toISOString(),
      },
    };
  });
}

export interface UnsubscribeTarget {
  email: string;
  listName: string;
  unsubscribed: boolean;
}

export async function findUnsubscribeTarget(
  db: Database,
  websiteId: string,
  token: string,
): Promise<UnsubscribeTarget | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({
      email: mailingListSubscribers.email,
      status: mailingListSubscribers.status,
      listName: mailingLists.name,
    })
    .from(mailingListSubscribers)
    .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
    .where(
      and(
        eq(mailingListSubscribers.unsubscribeTokenHash, tokenHash(token)),
        eq(mailingLists.websiteId, websiteId),
      ),
    );
  return row && { email: row.email, listName: row.listName, unsubscribed: row.status === 'unsubscribed' };
}

/** Idempotent: unsubscribing twice is still unsubscribed. */
export async function unsubscribe(db: Database, websiteId: string, token: string): Promise<boolean> {
  const target = await findUnsubscribeTarget(db, websiteId, token);
  if (!target) return false;
  await db
    .update(mailingListSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date(), confirmTokenHash: null })
    .where(eq(mailingListSubscribers.unsubscribeTokenHash, tokenHash(token)));
  return true;
}

/** What forms and checkout call to add a subscriber (app.ts wires it into their options). */
export const mailingListHooks: MailingListHooks = { subscribe, defaultListId };
