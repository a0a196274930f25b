import { randomUUID } from 'node:crypto';
import { ShopEmailTemplateSchema, type ShopEmailTemplate } from '@site/commerce-core/admin';
import { addressLine, siteContact } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outgoingEmails, websites } from '../db/schema';
import type { EmailData, EmailKind } from './kinds';
import { renderEmail, type RenderedEmail } from './render';

/** The owner's changes to a shop email, kept in the site settings (store-admin/email-templates.ts). */
export function ownerTemplate(
  settings: Record<string, unknown> | undefined,
  kind: string,
): ShopEmailTemplate | undefined {
  const saved = (settings?.emailTemplates as Record<string, unknown> | undefined)?.[kind];
  const parsed = ShopEmailTemplateSchema.safeParse(saved);
  return saved && parsed.success ? parsed.data : undefined;
}

/** A transaction or the database: pass the transaction of the state change the email reports. */
type Executor = Pick<Database, 'select' | 'insert'>;

/**
 * The email as the site sends it: its title, contact lines and the owner's changes to a shop
 * email. The queue and the owner's preview of a real order's email (page type 301) both use it.
 */
export async function renderSiteEmail<K extends EmailKind>(
  tx: Pick<Database, 'select'>,
  websiteId: string,
  kind: K,
  data: EmailData[K],
): Promise<RenderedEmail> {
  const [site] = await tx
    .select({ title: websites.title, settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  const contact = siteContact(site?.settings);
  return renderEmail(
    kind,
    data,
    {
      title: site?.title ?? 'Our store',
      contactEmail: contact.contactEmail,
      address: addressLine(contact.businessAddress),
    },
    ownerTemplate(site?.settings, kind),
  );
}

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
  const { subject, text, html } = await renderSiteEmail(tx, websiteId, kind, data);
  const id = randomUUID();
  // A later send (a gift card's chosen day) rides on the worker's not-before stamp.
  await tx
    .insert(outgoingEmails)
    .values({ id, websiteId, to, subject, body: text, html, kind, nextAttemptAt: options.sendAt ?? null });
  return id;
}
