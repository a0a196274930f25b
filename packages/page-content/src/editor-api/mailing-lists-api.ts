import { z } from 'zod';
import { text } from '../text';

/** Mailing lists and automations (outgoing webhooks) of the site, for its owners. */
export const MAILING_API = {
  lists: '/api/editor/mailing-lists',
  list: (id: string) => `/api/editor/mailing-lists/${encodeURIComponent(id)}`,
  subscribers: (id: string) => `/api/editor/mailing-lists/${encodeURIComponent(id)}/subscribers`,
  subscribersCsv: (id: string) => `/api/editor/mailing-lists/${encodeURIComponent(id)}/subscribers.csv`,
  webhooks: '/api/editor/webhooks',
  webhook: (id: string) => `/api/editor/webhooks/${encodeURIComponent(id)}`,
  deliveries: (id: string) => `/api/editor/webhooks/${encodeURIComponent(id)}/deliveries`,
  /** The visitor's sign-up from a newsletter block (crumb required). */
  subscribe: '/api/newsletter/subscribe',
  /** The visitor's sign-up from the promotional pop-up (crumb required). */
  popupSubscribe: '/api/newsletter/popup-subscribe',
} as const;

export const mailingMessages = {
  // platform.md §5
  listRequired: 'A List must be selected',
  noLists: "You don't have any mailing lists, create one before continuing.",
  // ours
  listNameRequired: 'Enter a name for the list',
  listNameTaken: 'A list with this name already exists',
  listNotFound: 'That mailing list no longer exists',
  webhookUrlInvalid: 'Enter a full http:// or https:// URL',
  webhookUrlPrivate: 'This URL points to a private or local address; use a public one',
  webhookEventsRequired: 'Choose at least one event',
  webhookNotFound: 'That automation no longer exists',
  newsletterNotConnected: 'This form has not been configured yet.',
  newsletterThanks: 'Thank you! Please check your inbox to confirm your subscription.',
  newsletterSubscribed: 'Thank you for subscribing!',
} as const;

export const LIST_NAME_MAX = 100;

export const mailingListInputSchema = z.object({
  name: text(LIST_NAME_MAX).trim().min(1, mailingMessages.listNameRequired),
});
export type MailingListInput = z.infer<typeof mailingListInputSchema>;

export interface MailingListView {
  id: string;
  name: string;
  isDefault: boolean;
  subscriberCount: number;
  createdAt: string;
}

export const SUBSCRIBER_SOURCES = ['newsletter-block', 'restock-form', 'form', 'popup'] as const;
export type SubscriberSourceName = (typeof SUBSCRIBER_SOURCES)[number];

export interface SubscriberView {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  source: SubscriberSourceName;
  consentedAt: string;
  confirmedAt: string | null;
}

export const subscriberQuerySchema = z.object({
  search: text(200).optional(),
  /** The previous page's `nextPageCursor`; none for the first page. */
  cursor: text(500).optional(),
});

/** One page of a list's subscribers, newest consent first. */
export interface SubscriberPage {
  subscribers: SubscriberView[];
  /** How many match, counted for the first page only (null on the pages after it). */
  total: number | null;
  /** Where the next page starts; null on the last page. */
  nextPageCursor: string | null;
}

export const WEBHOOK_EVENTS = ['form.submitted', 'order.placed', 'subscriber.added'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventName, string> = {
  'form.submitted': 'Form submitted',
  'order.placed': 'Order placed',
  'subscriber.added': 'Subscriber added',
};

/** The header of every delivery: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-site-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-site-timestamp';

/** Shape only; whether the address is public is the server's check. */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

export const webhookInputSchema = z.object({
  url: text(2000).trim().refine(isWebhookUrl, mailingMessages.webhookUrlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, mailingMessages.webhookEventsRequired)
    .max(WEBHOOK_EVENTS.length),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventName[];
  createdAt: string;
  /** Only in the answer to its creation: the owner copies it to check signatures. */
  secret?: string;
}

export interface DeliveryView {
  id: string;
  event: WebhookEventName;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** What the newsletter block's script posts; the list comes from the published block, never from here. */
export const newsletterSignUpSchema = z.object({
  pageId: text(200).min(1),
  blockId: text(200).min(1),
  email: text(320),
  /** A one-time form key (POST /api/form/FormSubmissionKey): a replayed request saves nothing. */
  key: text(200).min(1),
  /** Hidden from people; a bot that fills it is answered as if signed up, and nothing is stored. */
  website: text(500).optional(),
  /** The bot-check token; required once the site has its captcha on (a provider token is ~2 kB). */
  captchaKey: text(4000).optional(),
});
export type NewsletterSignUp = z.infer<typeof newsletterSignUpSchema>;

/** The pop-up's sign-up: like the block's, but the list comes from the site's pop-up settings. */
export const popupSignUpSchema = newsletterSignUpSchema.omit({ pageId: true, blockId: true });
export type PopupSignUp = z.infer<typeof popupSignUpSchema>;
