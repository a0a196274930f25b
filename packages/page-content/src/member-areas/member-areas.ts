import { formatMinorWithSymbol, isCurrencyCode } from '@site/commerce-core';
import { z } from 'zod';
import { text } from '../text';

/**
 * Member areas (platform.md §3 names the "member area" block and navigation's `memberAreaId`; the
 * rest is ours, after Squarespace Member Sites): an owner groups pages into an area; a visitor
 * must join the area (free, with a verified site account) to see them. The site's team always
 * sees them, so they can check what members get.
 */
export const MEMBER_AREAS_API = {
  list: '/api/editor/member-areas',
  area: '/api/editor/member-areas/:id',
  /** An area's members, newest first, a page at a time (`?after=` the previous page's `next`). */
  members: '/api/editor/member-areas/:id/members',
  member: '/api/editor/member-areas/:id/members/:memberId',
  /** The storefront's join form posts here (a plain form: crumb, area, where to come back). */
  join: '/api/member-areas/join',
  /** The account page's Leave form (same shape as join). */
  leave: '/api/member-areas/leave',
} as const;

export const MEMBER_AREA_LIMITS = {
  name: 80,
  description: 500,
  pages: 100,
  areas: 20,
  membersPage: 50,
} as const;

export const memberAreaMessages = {
  nameRequired: 'Give the member area a name.',
  nameTooLong: `Keep the name to ${MEMBER_AREA_LIMITS.name} characters.`,
  descriptionTooLong: `Keep the description to ${MEMBER_AREA_LIMITS.description} characters.`,
  tooManyPages: `A member area can hold at most ${MEMBER_AREA_LIMITS.pages} pages.`,
  tooManyAreas: `A site can have at most ${MEMBER_AREA_LIMITS.areas} member areas.`,
  nameTaken: 'Another member area has this name. Choose a different one.',
  unknownPage: 'One of the chosen pages no longer exists. Reload and choose again.',
  notGateable:
    'The home page, folders and system pages (cart, checkout…) are for everyone and cannot be in a member area.',
  notFound: 'This member area no longer exists.',
  /** The join screen (page type 106) to a visitor who is not a member. */
  joinLead: 'This page is for members of this area. Join for free to see it.',
  signedOutLead: 'Create a free account or sign in, then join to see this page.',
  /** The join screen when an area that opens the page has a price. */
  joinLeadPaid: 'This page is for members of this area. Join to see it.',
  /** A paid area's join button: "Join for $9.00 / month". */
  joinFor: (price: string) => `Join for ${price}`,
  /** Page 208 after a paid area's checkout. */
  joinedArea: (area: string) => `You’re a member of ${area}`,
  areaPagesTitle: 'Your pages in this area',
  verifyFirst: 'Verify your email address to join: open the link we sent you, then come back.',
  /** A paid area's join refused until its price is paid (the join form goes to the checkout instead). */
  paymentRequired: 'This member area has a price: pay at the checkout to join.',
  priceRequired: 'Enter a price above zero.',
  priceTooHigh: 'Enter a smaller price.',
  /** A paid area is sold through the site's store: its checkout, receipts, renewals and orders. */
  needsStore: 'Add a Store page first: paid member areas are sold through its checkout.',
  /** The store's delete of a product a paid area sells through. */
  productSellsArea: (area: string) =>
    `This product is how members pay for ${area}. Make ${area} free on the Member areas screen, then delete it.`,
  joined: 'You’re a member',
  noPagesYet: 'This member area has no pages yet.',
  notAMember: 'This person is no longer a member of this area.',
  badCursor: 'This list changed. Reload to see its first page.',
  badMemberState: 'Show paying, lapsed or free members, or everyone.',
  /** The account page's list of the areas a member joined. */
  accountAreasTitle: 'Member areas',
  leave: (area: string) => `Leave ${area}`,
} as const;

/** How a member pays for an area: free, once, or every month or year until they stop. */
export const AREA_BILLING = ['free', 'once', 'month', 'year'] as const;
export type AreaBilling = (typeof AREA_BILLING)[number];

/** The largest amount the store keeps (whole minor units in a PostgreSQL integer). */
const MAX_AREA_PRICE_MINOR = 2_147_483_647;

/**
 * An area's price as the editor sends it: whole minor units of the store's currency, read by the
 * editor from what the owner typed in their locale (the product editor's parsing).
 */
export const areaPriceSchema = z.discriminatedUnion('billing', [
  z.object({ billing: z.literal('free') }),
  z.object({
    billing: z.enum(['once', 'month', 'year']),
    amountMinor: z
      .number()
      .int(memberAreaMessages.priceRequired)
      .min(1, memberAreaMessages.priceRequired)
      .max(MAX_AREA_PRICE_MINOR, memberAreaMessages.priceTooHigh),
  }),
]);
export type AreaPrice = z.output<typeof areaPriceSchema>;

export const memberAreaInputSchema = z.object({
  name: text(MEMBER_AREA_LIMITS.name, memberAreaMessages.nameTooLong)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, memberAreaMessages.nameRequired)),
  description: text(MEMBER_AREA_LIMITS.description, memberAreaMessages.descriptionTooLong)
    .transform((s) => s.trim())
    .default(''),
  /**
   * Free (anyone with a verified account joins), or what joining costs, once or every month or
   * year. Left out: a new area is free, a change keeps the area's price.
   */
  price: areaPriceSchema.optional(),
  /** The pages the area gates, in the order its block and menu link lists them (first: where "Join" leads). */
  pageIds: z
    .array(text(200))
    .max(MEMBER_AREA_LIMITS.pages, memberAreaMessages.tooManyPages)
    .transform((ids) => [...new Set(ids)])
    .default([]),
});
export type MemberAreaInput = z.input<typeof memberAreaInputSchema>;

/** One area as the editor reads it, with how many have joined. */
export interface MemberArea {
  id: string;
  name: string;
  description: string;
  pageIds: string[];
  memberCount: number;
  price: AreaPrice;
  /** The store's currency, in which a paid area's amount is kept. */
  currency: string;
  /** Members whose payment holds (a paid area's members whose subscription lapsed are not counted). */
  payingCount: number;
}

export interface MemberAreaList {
  areas: MemberArea[];
  /** The store's currency: a new area's price is typed in it. */
  currency: string;
}

/**
 * Where a member of an area stands with its price: `paying` while the order that bought the
 * membership holds (`purchaseGrantsAccess`), `lapsed` once it no longer does (subscription paused
 * or past its paid period, order cancelled or refunded, payment pending), `free` for a membership
 * no order bought (joined while the area was free, or added by the owner).
 */
export const AREA_MEMBER_STATES = ['paying', 'lapsed', 'free'] as const;
export type AreaMemberState = (typeof AREA_MEMBER_STATES)[number];

/** The owner's words for each state, and for the filter of the members list. */
export const areaMemberStateLabels: Record<AreaMemberState, string> = {
  paying: 'Paying',
  lapsed: 'Lapsed',
  free: 'Free',
};
export const areaMemberStateHints: Record<AreaMemberState, string> = {
  paying: 'Their payment holds: they see the pages.',
  lapsed: 'Their subscription stopped or their payment was refunded: the pages are closed to them.',
  free: 'Joined while the area was free: they keep it without paying.',
};

/** One person in an area, as the owner's list shows them. */
export interface AreaMemberRow {
  memberId: string;
  email: string;
  /** ISO date and time they joined. */
  joinedAt: string;
  state: AreaMemberState;
}

/** A page of an area's members, newest first; `next` asks for the following page. */
export interface AreaMemberPage {
  members: AreaMemberRow[];
  next?: string;
}

export const areaMembersQuerySchema = z.object({
  after: text(300).optional(),
  /** Only the members in this state (the list's filter); all of them when absent. */
  state: z.enum(AREA_MEMBER_STATES, { message: memberAreaMessages.badMemberState }).optional(),
});

/** The form's `join` (and `leave`) payload; `returnTo` must be a path of the site (anything else goes home). */
export const joinMemberAreaSchema = z.object({
  areaId: text(200),
  returnTo: text(2000).optional(),
  crumb: text(100).optional(),
});

/** Who is looking, as far as member areas care. */
export interface AreaViewer {
  /** The areas the signed-in account has joined (none when signed out). */
  memberAreaIds: ReadonlySet<string>;
  /** The site's team (any role that may open the editor) sees every area's pages. */
  isTeam: boolean;
}

/**
 * Whether a page's content is shown: `open` when no area gates it, or the viewer belongs to one
 * that does (or is on the site's team); otherwise the areas that would open it, in the site's order.
 */
export function memberAreaAccess<A extends { id: string; pageIds: readonly string[] }>(
  areas: readonly A[],
  pageId: string | undefined,
  viewer: AreaViewer,
): { open: true } | { open: false; areas: A[] } {
  if (pageId === undefined) return { open: true };
  const gating = areas.filter((a) => a.pageIds.includes(pageId));
  if (gating.length === 0 || viewer.isTeam || gating.some((a) => viewer.memberAreaIds.has(a.id)))
    return { open: true };
  return { open: false, areas: gating };
}

/**
 * Pages an area may hold: the owner's own pages and collections (a store, a blog: their items come
 * with them), never the home page, which every visitor lands on, nor system pages (cart, checkout,
 * not found…) or folders, which hold no content of their own.
 */
export function isGateable(page: { kind: string; path: string }): boolean {
  return (page.kind === 'page' || page.kind === 'collection') && page.path !== '/';
}

/** What a member's payment for a paid area looks like to the access rule: the order that bought it. */
export interface AreaPurchase {
  /** The order's status: only `paid` grants (a pending or failed payment does not). */
  status: string;
  cancelledAt: Date | null;
  refundedCents: number;
  grandTotalCents: number;
  /** A monthly or yearly price: the subscription's state; absent for a one-time price. */
  subscription?: {
    nextBillingAt: Date | null;
    cancelledAt: Date | null;
    pausedAt: Date | null;
  };
}

/**
 * How long after a renewal falls due access holds while the renewal is charged and retried (the
 * queue's retries take minutes); a renewal that keeps failing pauses the subscription, which ends it.
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a purchase still opens its area: a paid, not cancelled, not fully refunded order; for a
 * subscription also not paused (renewals failed), and once cancelled only to the end of the
 * period already paid for.
 */
export function purchaseGrantsAccess(purchase: AreaPurchase, now: Date): boolean {
  if (purchase.status !== 'paid' || purchase.cancelledAt) return false;
  if (purchase.grandTotalCents > 0 && purchase.refundedCents >= purchase.grandTotalCents) return false;
  const sub = purchase.subscription;
  if (!sub) return true;
  if (sub.pausedAt) return false;
  // A plan with no further billing date has been paid in full.
  if (!sub.nextBillingAt) return true;
  const end = sub.nextBillingAt.getTime() + (sub.cancelledAt ? 0 : RENEWAL_GRACE_MS);
  return now.getTime() < end;
}

/**
 * A paid area's price in two parts, as the Pricing plan block shows it: the amount in the store's
 * currency ("$9.00") and the period ("/ month", "/ year"; empty for a one-time price). Undefined
 * for a free area.
 */
export function areaPriceParts(
  price: AreaPrice,
  currency: string,
): { amount: string; period: string } | undefined {
  if (price.billing === 'free') return undefined;
  const amount = formatMinorWithSymbol(
    BigInt(price.amountMinor),
    isCurrencyCode(currency) ? currency : 'USD',
  );
  return { amount, period: price.billing === 'once' ? '' : `/ ${price.billing}` };
}

/**
 * A paid area's price as visitors read it, in the store's currency: "$9.00 / month", "$90.00 /
 * year", "$25.00" once; undefined for a free area.
 */
export function areaPriceLabel(price: AreaPrice, currency: string): string | undefined {
  const parts = areaPriceParts(price, currency);
  return parts && (parts.period ? `${parts.amount} ${parts.period}` : parts.amount);
}
