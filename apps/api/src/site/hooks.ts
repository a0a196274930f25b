import type { Tx } from '../db/client';
import type { SubscriberSource } from '../db/schema';

/*
 * Reactions that cross domains. A domain that causes one takes the hook in its options; app.ts
 * passes the domain that answers it. So forms and commerce add subscribers without importing
 * mailing-lists, and the domains stay side by side instead of on top of one another.
 */

export interface SubscribeRequest {
  listId: string;
  email: string;
  source: SubscriberSource;
  doubleOptIn: boolean;
  /** Scheme and host the confirmation link starts with. */
  origin: string;
}

export interface SubscriberEvent {
  listId: string;
  listName: string;
  email: string;
  source: SubscriberSource;
  consentedAt: string;
}

export interface Subscribed {
  /** Set when the address joined now (no double opt-in), for the subscriber-added event. */
  added?: SubscriberEvent;
}

/** A visitor's consent to a mailing list, recorded in the caller's transaction (mailing-lists answers). */
export interface MailingListHooks {
  subscribe(tx: Tx, websiteId: string, request: SubscribeRequest): Promise<Subscribed>;
  /** The list a "join the mailing list" box feeds, if the site has one. */
  defaultListId(tx: Tx, websiteId: string): Promise<string | undefined>;
}
