/**
 * What each email template reads. Amounts and dates arrive formatted (the caller knows the
 * store's currency and locale); every template also sees `site.title`, filled in by `queueEmail`.
 */
export interface EmailData {
  'order-receipt': {
    orderNumber: string;
    customerName?: string;
    lines: { title: string; quantity: number; total: string }[];
    subtotal: string;
    discount?: string;
    shipping?: string;
    tax?: string;
    total: string;
    statusUrl: string;
    /** A digital product's link and what it allows: "5 downloads, until 2026-12-24" (commerce/downloads.ts). */
    downloads?: { title: string; url: string; allowance: string }[];
  };
  shipping: {
    orderNumber: string;
    customerName?: string;
    carrier?: string;
    trackingNumber?: string;
    trackingUrl?: string;
    statusUrl: string;
  };
  'restock-notice': {
    productTitle: string;
    /** The title with the variant's options, e.g. "Canvas Tote (Black)". */
    productName: string;
    productUrl: string;
  };
  'gift-card': {
    amount: string;
    code: string;
    recipientName?: string;
    senderName?: string;
    message?: string;
    shopUrl: string;
  };
  'member-verification': { verifyUrl: string; expiresInHours: number };
  'password-reset': { resetUrl: string; expiresInMinutes: number };
  /** To someone the owner invited onto the site's team. */
  'team-invitation': { acceptUrl: string; role: string; invitedBy: string; expiresInDays: number };
  'form-notification': {
    formName: string;
    submittedAt: string;
    fields: { label: string; value: string }[];
    pageUrl?: string;
  };
  'newsletter-confirmation': { confirmUrl: string; listName?: string };
  /** To the owner and the addresses they listed, for every paid order. */
  'new-order': {
    orderNumber: string;
    customerEmail: string;
    /** Fills the owner's `{customer}`; the email itself shows the address. */
    customerName?: string;
    lines: { title: string; sku: string; quantity: number; total: string }[];
    subtotal: string;
    discount?: string;
    shipping?: string;
    tax?: string;
    total: string;
    /** The address lines, when the order ships. */
    shipTo?: string[];
    shippingOption?: string;
    orderUrl: string;
  };
  /** To the notify address when a sale takes a variant's stock down to the owner's threshold. */
  'low-stock': {
    productName: string;
    sku: string;
    stock: number;
    threshold: number;
    inventoryUrl: string;
  };
  /** To a shopper who left a cart with their email and did not order. */
  'cart-recovery': {
    lines: { title: string; quantity: number }[];
    recoverUrl: string;
    unsubscribeUrl: string;
  };
  /** After an order is fulfilled: a link to the reviews-request page (page type 209). */
  'review-request': { orderNumber: string; reviewUrl: string };
  'subscription-paused': { orderNumber: string; productName: string; amount: string; attempts: number };
  /** A donor's receipt: a gift, not a purchase, so no lines, tax or shipping (donations/). */
  'donation-receipt': {
    donorName: string;
    amount: string;
    fund?: string;
    date: string;
    reference: string;
    testMode: boolean;
  };
}

export type EmailKind = keyof EmailData;

export const EMAIL_KINDS = [
  'order-receipt',
  'shipping',
  'restock-notice',
  'gift-card',
  'member-verification',
  'password-reset',
  'team-invitation',
  'form-notification',
  'newsletter-confirmation',
  'subscription-paused',
  'new-order',
  'low-stock',
  'cart-recovery',
  'review-request',
  'donation-receipt',
] as const satisfies readonly EmailKind[];
