import { fillMessage, formatMinorWithSymbol, type CurrencyCode } from '@site/commerce-core';
import {
  adminMessages,
  DEFAULT_EMAIL_ACCENT,
  SHOP_EMAIL_DEFAULTS,
  SHOP_EMAIL_KINDS,
  SHOP_EMAIL_PLACEHOLDERS,
  shopEmailSettings,
  shopEmailTemplateSchema,
  type ShopEmailKind,
  type ShopEmailSettings,
  type ShopEmailTemplate,
  type ShopEmailTemplateView,
} from '@site/commerce-core/admin';
import { addressLine, messages as pageMessages, siteContact } from '@site/page-content';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { websites } from '../db/schema';
import { ApiError, parse } from '../http';
import type { EmailData } from '../mail/kinds';
import { ownerTemplate, queueEmail } from '../mail/queue-email';
import { renderEmail, type EmailSite } from '../mail/render';
import { storeCurrency } from '../site/site-data';

type WebsiteRow = typeof websites.$inferSelect;
type Settings = Record<string, unknown> & { emailTemplates?: Record<string, unknown> };

/**
 * The made-up order every preview and test email shows: the same templates and renderer as a real
 * send, on data that looks like the owner's store (its title and currency).
 */
function sampleData(kind: ShopEmailKind, origin: string, currency: CurrencyCode): EmailData[ShopEmailKind] {
  const money = (cents: number) => formatMinorWithSymbol(BigInt(cents), currency);
  const lines = [
    { title: 'Canvas Tote (Olive)', sku: 'TOTE-OLIVE', quantity: 1, total: money(8500) },
    { title: 'Field Notebook', sku: 'NOTE-3', quantity: 2, total: money(2800) },
  ];
  const order = {
    orderNumber: '1042',
    subtotal: money(11300),
    shipping: money(800),
    total: money(12100),
    statusUrl: `${origin}/commerce/orders/sample`,
  };
  switch (kind) {
    case 'order-receipt':
      return { ...order, customerName: 'Alex Rivera', lines };
    case 'shipping':
      return {
        orderNumber: order.orderNumber,
        customerName: 'Alex Rivera',
        carrier: 'USPS',
        trackingNumber: '9400 1000 0000 0000 0000 00',
        statusUrl: order.statusUrl,
      };
    case 'new-order':
      return {
        ...order,
        customerEmail: 'alex@example.com',
        lines,
        shipTo: ['Alex Rivera', '12 Harbor Street', 'Portland OR 97201', 'US'],
        shippingOption: 'Standard shipping',
        orderUrl: `${origin}/config/orders`,
      };
    case 'low-stock':
      return {
        productName: 'Canvas Tote (Olive)',
        sku: 'TOTE-OLIVE',
        stock: 2,
        threshold: 3,
        inventoryUrl: `${origin}/config/store`,
      };
    case 'cart-recovery':
      return {
        lines: lines.map(({ title, quantity }) => ({ title, quantity })),
        recoverUrl: `${origin}/cart`,
        unsubscribeUrl: `${origin}/cart`,
      };
  }
}

/** Whether the store settings send this email at all. */
function isSent(kind: ShopEmailKind, settings: ShopEmailSettings): boolean {
  switch (kind) {
    case 'order-receipt':
      return settings.orderConfirmation;
    case 'shipping':
      return settings.fulfilmentEmail;
    case 'new-order':
      return settings.newOrderEmail;
    case 'low-stock':
      return settings.lowStockThreshold !== undefined;
    case 'cart-recovery':
      return settings.cartRecoveryHours !== null;
  }
}

export function shopEmailKindOf(value: string): ShopEmailKind {
  const kind = SHOP_EMAIL_KINDS.find((k) => k === value);
  if (!kind) throw new ApiError(404, 'NOT_FOUND', pageMessages.unableToLocateContent);
  return kind;
}

async function website(db: Pick<Database, 'select'>, websiteId: string, lock = false): Promise<WebsiteRow> {
  const query = db.select().from(websites).where(eq(websites.id, websiteId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
  return row;
}

function emailSite(row: WebsiteRow): EmailSite {
  const contact = siteContact(row.settings);
  return {
    title: row.title,
    contactEmail: contact.contactEmail,
    address: addressLine(contact.businessAddress),
  };
}

function view(
  row: WebsiteRow,
  kind: ShopEmailKind,
  origin: string,
  draft?: ShopEmailTemplate,
): ShopEmailTemplateView {
  const saved = ownerTemplate(row.settings, kind) ?? {};
  return {
    kind,
    enabled: isSent(kind, shopEmailSettings(row.settings)),
    placeholders: SHOP_EMAIL_PLACEHOLDERS[kind],
    saved,
    defaults: { ...SHOP_EMAIL_DEFAULTS[kind], accentColour: DEFAULT_EMAIL_ACCENT },
    preview: renderEmail(kind, sampleData(kind, origin, storeCurrency(row)), emailSite(row), draft ?? saved),
  };
}

/** Every shop email with the owner's changes and a preview of what it sends now. */
export async function listShopEmails(db: Database, websiteId: string, origin: string) {
  const row = await website(db, websiteId);
  return SHOP_EMAIL_KINDS.map((kind) => view(row, kind, origin));
}

/** What an unsaved draft would send, rendered by the renderer of real sends. */
export async function previewShopEmail(
  db: Database,
  websiteId: string,
  kind: ShopEmailKind,
  body: unknown,
  origin: string,
): Promise<ShopEmailTemplateView['preview']> {
  const draft = parse(shopEmailTemplateSchema(kind), body);
  return view(await website(db, websiteId), kind, origin, draft).preview;
}

/** Emptied fields are dropped, so they follow the default wording if it changes. */
function kept(template: ShopEmailTemplate): ShopEmailTemplate {
  return Object.fromEntries(Object.entries(template).filter(([, v]) => v !== undefined && v !== ''));
}

/**
 * Saves (or, with `undefined`, forgets) the owner's text of one email. The website row is locked
 * for the read-modify-write, so two emails saved at once both land.
 */
export async function saveShopEmail(
  db: Database,
  websiteId: string,
  kind: ShopEmailKind,
  body: unknown,
  origin: string,
): Promise<ShopEmailTemplateView> {
  const template = body === undefined ? undefined : kept(parse(shopEmailTemplateSchema(kind), body));
  return db.transaction(async (tx) => {
    const row = await website(tx, websiteId, true);
    const settings = row.settings as Settings;
    const emailTemplates = { ...(settings.emailTemplates ?? {}) };
    if (template && Object.keys(template).length > 0) emailTemplates[kind] = template;
    else delete emailTemplates[kind];
    const next: Settings = { ...settings, emailTemplates };
    await tx.update(websites).set({ settings: next }).where(eq(websites.id, websiteId));
    return view({ ...row, settings: next }, kind, origin);
  });
}

/** The saved email on the sample order, queued to the signed-in member's own address. */
export async function sendTestShopEmail(
  db: Database,
  websiteId: string,
  kind: ShopEmailKind,
  to: string,
  origin: string,
): Promise<{ to: string; message: string }> {
  const row = await website(db, websiteId);
  await queueEmail(db, websiteId, kind, to, sampleData(kind, origin, storeCurrency(row)));
  return { to, message: fillMessage(adminMessages.emailTestSent, { address: to }) };
}
