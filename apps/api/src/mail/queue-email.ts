import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outgoingEmails, websites } from '../db/schema';
import type { EmailData, EmailKind } from './kinds';
import { renderEmail } from './render';

/** A transaction or the database: pass the transaction of the state change the email reports. */
type Executor = Pick<Database, 'select' | 'insert'>;

/**
 * Renders the email now and stores it in `outgoing_emails` with the caller's transaction, so it
 * is sent if and only if the change commits. The mail worker delivers it, not before `sendAt` when
 * given. Answers the row id,
 * which is also the email's Message-ID.
 */
export async function queueEmail<K extends EmailKind>(
  tx: Executor,
  websiteId: string,
  kind: K,
  to: string,
  data: EmailData[K],
  options: { sendAt?: Date } = {},
): Promise<string> {
  const [site] = await tx.select({ title: websites.title }).from(websites).where(eq(websites.id, websiteId));
  const { subject, text, html } = renderEmail(kind, data, { title: site?.title ?? 'Our store' });
  const id = randomUUID();
  // A later send (a gift card's chosen day) rides on the worker's not-before stamp.
  await tx.insert(outgoingEmails).values({ id, websiteId, to, subject, body: text, html, kind, nextAttemptAt: options.sendAt ?? null });
  return id;
}
