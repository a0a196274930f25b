import { z } from 'zod';
import { fillMessage } from '../messages';
import { adminMessages } from './messages';

/** The most extra addresses a new-order email goes to, beyond the notify address. */
export const MAX_NOTIFY_RECIPIENTS = 10;

/** Hours a cart waits before its recovery email when the owner leaves the delay empty. */
export const DEFAULT_CART_RECOVERY_HOURS = 4;

// The same shape the forms package and the browser's type=email accept: one @, a dot in the domain.
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Addresses as the owner types them: separated by commas, semicolons, spaces or new lines. */
export function recipientList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * The extra addresses a new-order email goes to, kept as the owner typed them. Each is checked
 * on its own so the message names the one to fix.
 */
export const NotifyRecipientsSchema = z
  .string()
  .max(2000)
  .superRefine((text, ctx) => {
    const list = recipientList(text);
    const bad = list.find((a) => !EMAIL.test(a) || a.length > 254);
    if (bad)
      ctx.addIssue({
        code: 'custom',
        message: fillMessage(adminMessages.notifyRecipientInvalid, { address: bad }),
      });
    else if (list.length > MAX_NOTIFY_RECIPIENTS)
      ctx.addIssue({
        code: 'custom',
        message: fillMessage(adminMessages.notifyRecipientsTooMany, { max: MAX_NOTIFY_RECIPIENTS }),
      });
  });

export interface ShopEmailSettings {
  /** The buyer's receipt after checkout. */
  orderConfirmation: boolean;
  /** The buyer's "your order has shipped" when the owner marks an order fulfilled. */
  fulfilmentEmail: boolean;
  /** The owner's "new order" email. */
  newOrderEmail: boolean;
  /** Where the owner's emails go besides the owner accounts; empty: the owners' own addresses. */
  notifyEmail: string | undefined;
  /** Extra addresses of the new-order email. */
  newOrderRecipients: string[];
  /** A sale that takes a variant's stock from above this to at most this sends one email; none when unset. */
  lowStockThreshold: number | undefined;
  /** Hours without an order before a cart with an email gets its recovery email; null: off. */
  cartRecoveryHours: number | null;
}

type Stored = Record<string, unknown> | undefined;

const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

/**
 * The owner's email settings from a site's settings, with the defaults a new shop starts with:
 * the buyer's confirmation and shipping emails and the owner's new-order email on, low-stock
 * warnings and cart recovery off until the owner sets them.
 */
export function shopEmailSettings(
  settings: Readonly<Record<string, unknown>> | undefined,
): ShopEmailSettings {
  const prefs = (settings?.commercePreferences ?? {}) as Record<string, Stored>;
  const n = prefs.notifications ?? {};
  const recovery = prefs.cartRecovery ?? {};
  return {
    orderConfirmation: flag(n.orderConfirmationEnabled, true),
    fulfilmentEmail: flag(n.fulfilmentEmailEnabled, true),
    newOrderEmail: flag(n.newOrderEmailEnabled, true),
    notifyEmail: typeof n.notifyEmail === 'string' && n.notifyEmail ? n.notifyEmail : undefined,
    newOrderRecipients: typeof n.newOrderRecipients === 'string' ? recipientList(n.newOrderRecipients) : [],
    lowStockThreshold: typeof n.lowStockThreshold === 'number' ? n.lowStockThreshold : undefined,
    cartRecoveryHours:
      recovery.recoveryEnabled === true
        ? typeof recovery.recoveryDelayHours === 'number'
          ? recovery.recoveryDelayHours
          : DEFAULT_CART_RECOVERY_HOURS
        : null,
  };
}

/**
 * Whether a change of stock from `before` to `after` crosses the owner's threshold downwards. Only
 * the sale that crosses it warns: later sales below it do not, and stock that comes back above the
 * threshold (a restock, a refund) lets the next crossing warn again.
 */
export function crossesLowStock(before: number, after: number, threshold: number | undefined): boolean {
  return threshold !== undefined && before > threshold && after <= threshold;
}

/** The emails a shop sends whose subject, opening text and colour the owner can change. */
export const SHOP_EMAIL_KINDS = [
  'order-receipt',
  'shipping',
  'new-order',
  'low-stock',
  'cart-recovery',
] as const;
export type ShopEmailKind = (typeof SHOP_EMAIL_KINDS)[number];

export function isShopEmailKind(v: string): v is ShopEmailKind {
  return (SHOP_EMAIL_KINDS as readonly string[]).includes(v);
}

/** The accent of buttons and the header rule when the owner has not chosen one. */
export const DEFAULT_EMAIL_ACCENT = '#222222';

/** A word in braces the owner can put in a subject or opening text, filled in when the email is sent. */
export type ShopEmailPlaceholder = 'shop' | 'order' | 'customer' | 'product';

/** Which placeholders each email can fill: only the ones its data has. */
export const SHOP_EMAIL_PLACEHOLDERS: Record<ShopEmailKind, readonly ShopEmailPlaceholder[]> = {
  'order-receipt': ['shop', 'order', 'customer'],
  shipping: ['shop', 'order', 'customer'],
  'new-order': ['shop', 'order', 'customer'],
  'low-stock': ['shop', 'product'],
  'cart-recovery': ['shop'],
};

/**
 * What each shop email says when the owner has not changed it. The placeholders are filled in
 * when the email is sent (the same words the editor lists beside the fields).
 */
export const SHOP_EMAIL_DEFAULTS: Record<ShopEmailKind, { subject: string; intro: string }> = {
  'order-receipt': {
    subject: 'Your {shop} order #{order}',
    intro: 'Thank you for your order. Here is what you bought.',
  },
  shipping: {
    subject: 'Your {shop} order #{order} has shipped',
    intro: 'Good news: your order is on its way.',
  },
  'new-order': {
    subject: 'New order #{order} on {shop}',
    intro: 'You have a new order. Here is what was bought.',
  },
  'low-stock': {
    subject: 'Low stock: {product}',
    intro: 'One of your products is running low. Restock it before it sells out.',
  },
  'cart-recovery': {
    subject: 'You left something in your cart at {shop}',
    intro: 'We saved your cart for you. Pick up where you left off whenever you are ready.',
  },
};

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The owner's changes to one shop email; a field left out or empty goes back to the default. */
export const ShopEmailTemplateSchema = z.strictObject({
  subject: z.string().trim().max(200).optional(),
  intro: z.string().trim().max(2000).optional(),
  accentColour: z
    .string()
    .trim()
    .refine((v) => v === '' || HEX_COLOUR.test(v), { message: adminMessages.emailTemplateColourInvalid })
    .optional(),
});

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** "{shop}, {order} or {customer}": the placeholders an email takes, as the messages list them. */
function placeholderList(kind: ShopEmailKind): string {
  const names = SHOP_EMAIL_PLACEHOLDERS[kind].map((p) => `{${p}}`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

/**
 * The owner's changes to one kind of shop email: also refuses a word in braces that email cannot
 * fill, naming it and the ones it can, so a typo never reaches a customer as "{ordr}".
 */
export function shopEmailTemplateSchema(kind: ShopEmailKind) {
  const allowed: readonly string[] = SHOP_EMAIL_PLACEHOLDERS[kind];
  return ShopEmailTemplateSchema.superRefine((template, ctx) => {
    for (const field of ['subject', 'intro'] as const) {
      const unknown = [...(template[field] ?? '').matchAll(PLACEHOLDER)].find(
        (m) => !allowed.includes(m[1]!),
      );
      if (unknown)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: fillMessage(adminMessages.emailPlaceholderUnknown, {
            placeholder: unknown[0],
            allowed: placeholderList(kind),
          }),
        });
    }
  });
}
export type ShopEmailTemplate = z.infer<typeof ShopEmailTemplateSchema>;

/** One shop email as the editor shows it: what the owner changed, the defaults, and a rendered preview. */
export interface ShopEmailTemplateView {
  kind: ShopEmailKind;
  /** Whether the store settings send this email at all (its switch, threshold or opt-in). */
  enabled: boolean;
  placeholders: readonly ShopEmailPlaceholder[];
  saved: ShopEmailTemplate;
  defaults: { subject: string; intro: string; accentColour: string };
  preview: { subject: string; html: string; text: string };
}

/** The subject, opening text and colour an email is sent with: the owner's where set, else the defaults. */
export function effectiveShopEmail(
  kind: ShopEmailKind,
  saved: ShopEmailTemplate | undefined,
  tokens: Partial<Record<ShopEmailPlaceholder, string>> & { shop: string },
): { subject: string; intro: string; accentColour: string } {
  const pick = (own: string | undefined, fallback: string) => (own && own.trim() ? own : fallback);
  const fill = (text: string) =>
    text.replace(
      /\{(shop|order|customer|product)\}/g,
      (_m, name: ShopEmailPlaceholder) => tokens[name] ?? '',
    );
  return {
    subject: fill(pick(saved?.subject, SHOP_EMAIL_DEFAULTS[kind].subject)),
    intro: fill(pick(saved?.intro, SHOP_EMAIL_DEFAULTS[kind].intro)),
    accentColour: pick(saved?.accentColour, DEFAULT_EMAIL_ACCENT),
  };
}
