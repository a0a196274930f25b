import { randomUUID } from 'node:crypto';
import { ProductType } from '@site/commerce-core';
import {
  isGateable,
  MEMBER_AREA_LIMITS,
  memberAreaMessages,
  purchaseGrantsAccess,
  RENEWAL_GRACE_MS,
  type AreaMemberPage,
  type AreaMemberState,
  type AreaPrice,
  type MemberArea,
  type memberAreaInputSchema,
} from '@site/page-content';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createCart } from '../commerce/cart-store';
import type { Database, Tx } from '../db/client';
import {
  cartEntries,
  memberAreaCheckouts,
  memberAreaMembers,
  memberAreaPages,
  memberAreas,
  orders,
  pages,
  products,
  siteMembers,
  variants,
  websites,
} from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../http';
import { storeCurrency } from '../site/site-data';

type Input = z.output<typeof memberAreaInputSchema>;

/** An area as the pages read it: what it gates and what its join screen and block say. */
export interface AreaGate {
  id: string;
  name: string;
  description: string;
  pageIds: string[];
  /** What joining costs, read from the area's product (the store's price is the area's price). */
  price: AreaPrice;
}

const notFound = () => new ApiError(404, 'NOT_FOUND', memberAreaMessages.notFound);
const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID', message, [{ path: [field], message }]);

const PERIODS = { MONTH: 'month', YEAR: 'year' } as const;

/** The prices of paid areas' products: the first variant's price, billed as the product's plan says. */
async function productPrices(
  db: Pick<Database, 'select'>,
  productIds: readonly string[],
): Promise<Map<string, AreaPrice>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: products.id, details: products.details, priceCents: variants.priceCents })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(variants.position));
  const prices = new Map<string, AreaPrice>();
  for (const row of rows) {
    if (prices.has(row.productId)) continue;
    const plan = row.details.subscriptionPlan as { billingPeriod?: { unit?: string } } | undefined;
    const unit = plan?.billingPeriod?.unit;
    const billing = unit === 'MONTH' || unit === 'YEAR' ? PERIODS[unit] : 'once';
    prices.set(row.productId, { billing, amountMinor: row.priceCents });
  }
  return prices;
}

const FREE: AreaPrice = { billing: 'free' };

/** The site's areas in the order they were made, each with its pages in the owner's order. */
export async function loadMemberAreas(db: Pick<Database, 'select'>, websiteId: string): Promise<AreaGate[]> {
  const [areas, gated] = await Promise.all([
    db
      .select({
        id: memberAreas.id,
        name: memberAreas.name,
        description: memberAreas.description,
        productId: memberAreas.productId,
      })
      .from(memberAreas)
      .where(eq(memberAreas.websiteId, websiteId))
      .orderBy(asc(memberAreas.createdAt), asc(memberAreas.id)),
    db
      .select({ areaId: memberAreaPages.areaId, pageId: memberAreaPages.pageId })
      .from(memberAreaPages)
      .where(eq(memberAreaPages.websiteId, websiteId))
      .orderBy(asc(memberAreaPages.position)),
  ]);
  const prices = await productPrices(
    db,
    areas.flatMap((a) => (a.productId ? [a.productId] : [])),
  );
  return areas.map(({ productId, ...a }) => ({
    ...a,
    pageIds: gated.filter((g) => g.areaId === a.id).map((g) => g.pageId),
    price: (productId && prices.get(productId)) || FREE,
  }));
}

/** The areas with how many have joined each and how many of them pay, for the editor. */
export async function listMemberAreas(db: Database, websiteId: string): Promise<MemberArea[]> {
  await settlePaidCheckouts(db, { websiteId });
  const [areas, counts, paid, [site]] = await Promise.all([
    loadMemberAreas(db, websiteId),
    db
      .select({ areaId: memberAreaMembers.areaId, n: count() })
      .from(memberAreaMembers)
      .innerJoin(memberAreas, eq(memberAreas.id, memberAreaMembers.areaId))
      .where(eq(memberAreas.websiteId, websiteId))
      .groupBy(memberAreaMembers.areaId),
    paidMemberships(db, eq(memberAreas.websiteId, websiteId)),
    db.select().from(websites).where(eq(websites.id, websiteId)),
  ]);
  const byArea = new Map(counts.map((c) => [c.areaId, c.n]));
  const now = new Date();
  return areas.map((a) => ({
    ...a,
    memberCount: byArea.get(a.id) ?? 0,
    currency: site ? storeCurrency(site) : 'USD',
    payingCount: paid.filter((p) => p.areaId === a.id && grants(p, now)).length,
  }));
}

/** Every chosen page is one of this site's that an area may hold. */
async function checkPages(tx: Tx, websiteId: string, pageIds: readonly string[]): Promise<void> {
  if (pageIds.length === 0) return;
  const found = await tx
    .select({ id: pages.id, kind: pages.kind, path: pages.path })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), inArray(pages.id, [...pageIds])));
  if (found.length !== pageIds.length) throw invalid('pageIds', memberAreaMessages.unknownPage);
  if (!found.every(isGateable)) throw invalid('pageIds', memberAreaMessages.notGateable);
}

async function writePages(tx: Tx, websiteId: string, areaId: string, pageIds: readonly string[]) {
  await tx.delete(memberAreaPages).where(eq(memberAreaPages.areaId, areaId));
  if (pageIds.length)
    await tx
      .insert(memberAreaPages)
      .values(pageIds.map((pageId, position) => ({ areaId, pageId, websiteId, position })));
}

async function named<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('name', memberAreaMessages.nameTaken);
    throw error;
  }
}

/**
 * A paid area is sold through a product it makes and owns in the site's first store: hidden from
 * the shop (only the area's join reaches it), a subscription for a monthly or yearly price. Its
 * price, name and billing follow the area's form. Going free leaves the product (its orders keep
 * it) and unlinks it.
 */
async function writePrice(
  tx: Tx,
  websiteId: string,
  areaId: string,
  input: Input,
  productId: string | null,
): Promise<void> {
  const price = input.price;
  if (!price) return;
  if (price.billing === 'free') {
    if (productId) await tx.update(memberAreas).set({ productId: null }).where(eq(memberAreas.id, areaId));
    return;
  }
  const details = {
    isSubscribable: price.billing !== 'once',
    ...(price.billing !== 'once' && {
      subscriptionPlan: {
        billingPeriod: { value: 1, unit: price.billing === 'month' ? 'MONTH' : 'YEAR' },
        numBillingCycles: 0,
      },
    }),
  };
  if (productId) {
    await tx
      .update(products)
      .set({ title: input.name, details, version: sql`${products.version} + 1` })
      .where(eq(products.id, productId));
    await tx.update(variants).set({ priceCents: price.amountMinor }).where(eq(variants.productId, productId));
    return;
  }
  const [store] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(eq(pages.websiteId, websiteId), eq(pages.kind, 'collection'), eq(pages.collectionType, 'products')),
    )
    .orderBy(asc(pages.navigationIndex), asc(pages.id))
    .limit(1);
  if (!store) throw invalid('price', memberAreaMessages.needsStore);
  const newProduct = randomUUID();
  await tx.insert(products).values({
    id: newProduct,
    websiteId,
    collectionId: store.id,
    urlId: `member-area-${areaId}`,
    title: input.name,
    productType: ProductType.PAYWALL,
    details,
    enabled: false,
  });
  await tx.insert(variants).values({
    id: randomUUID(),
    productId: newProduct,
    sku: `MEMBER-AREA-${areaId.slice(0, 8).toUpperCase()}`,
    priceCents: price.amountMinor,
    unlimited: true,
  });
  await tx.update(memberAreas).set({ productId: newProduct }).where(eq(memberAreas.id, areaId));
}

export async function createMemberArea(db: Database, websiteId: string, input: Input): Promise<MemberArea> {
  const id = randomUUID();
  await named(() =>
    db.transaction(async (tx) => {
      // Counted under the site's row lock, so two owners' tabs cannot both make the 21st.
      await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(memberAreas)
        .where(eq(memberAreas.websiteId, websiteId));
      if (n >= MEMBER_AREA_LIMITS.areas) throw new ApiError(409, 'TOO_MANY', memberAreaMessages.tooManyAreas);
      await checkPages(tx, websiteId, input.pageIds);
      await tx
        .insert(memberAreas)
        .values({ id, websiteId, name: input.name, description: input.description });
      await writePrice(tx, websiteId, id, input, null);
      await writePages(tx, websiteId, id, input.pageIds);
    }),
  );
  const area = (await listMemberAreas(db, websiteId)).find((a) => a.id === id);
  if (!area) throw notFound();
  return area;
}

export async function updateMemberArea(
  db: Database,
  websiteId: string,
  id: string,
  input: Input,
): Promise<MemberArea> {
  await named(() =>
    db.transaction(async (tx) => {
      const [area] = await tx
        .update(memberAreas)
        .set({ name: input.name, description: input.description })
        .where(and(eq(memberAreas.id, id), eq(memberAreas.websiteId, websiteId)))
        .returning({ id: memberAreas.id, productId: memberAreas.productId });
      if (!area) throw notFound();
      await checkPages(tx, websiteId, input.pageIds);
      await writePrice(tx, websiteId, id, input, area.productId);
      await writePages(tx, websiteId, id, input.pageIds);
    }),
  );
  const area = (await listMemberAreas(db, websiteId)).find((a) => a.id === id);
  if (!area) throw notFound();
  return area;
}

export async function deleteMemberArea(db: Database, websiteId: string, id: string): Promise<void> {
  const removed = await db
    .delete(memberAreas)
    .where(and(eq(memberAreas.id, id), eq(memberAreas.websiteId, websiteId)))
    .returning({ id: memberAreas.id });
  if (removed.length === 0) throw notFound();
}

/**
 * A paid area's checkout whose order is now paid makes its member a member, with that order: the
 * checkout row is used up. Run before membership is read (pages, the owner's screen), so a payment
 * confirmed later by the processor (3-D Secure, a webhook) counts from the member's next page.
 */
async function settlePaidCheckouts(
  db: Database,
  scope: { memberId: string } | { websiteId: string } | { areaId: string },
): Promise<void> {
  const where =
    'memberId' in scope
      ? sql`c.member_id = ${scope.memberId}`
      : 'areaId' in scope
        ? sql`c.area_id = ${scope.areaId}`
        : sql`c.area_id in (select id from member_areas where website_id = ${scope.websiteId})`;
  await db.execute(sql`
    with paid as (
      delete from member_area_checkouts c
      using carts k, orders o
      where k.id = c.cart_id and o.id = k.order_id and o.status = 'paid' and ${where}
      returning c.area_id, c.member_id, o.id as order_id
    )
    insert into member_area_members (area_id, member_id, order_id)
    select distinct on (area_id, member_id) area_id, member_id, order_id from paid
    on conflict (area_id, member_id) do update set order_id = excluded.order_id`);
}

/** Memberships bought with an order, with what the access rule reads of the order. */
function paidMemberships(db: Pick<Database, 'select'>, where: ReturnType<typeof eq>) {
  return db
    .select({
      areaId: memberAreaMembers.areaId,
      memberId: memberAreaMembers.memberId,
      status: orders.status,
      cancelledAt: orders.cancelledAt,
      refundedCents: orders.refundedCents,
      grandTotalCents: orders.grandTotalCents,
      plan: orders.subscriptionPlan,
      nextBillingAt: orders.subscriptionNextBillingAt,
      subscriptionCancelledAt: orders.subscriptionCancelledAt,
      pausedAt: orders.subscriptionPausedAt,
    })
    .from(memberAreaMembers)
    .innerJoin(memberAreas, eq(memberAreas.id, memberAreaMembers.areaId))
    .innerJoin(orders, eq(orders.id, memberAreaMembers.orderId))
    .where(and(isNotNull(memberAreaMembers.orderId), where));
}

type PaidMembership = Awaited<ReturnType<typeof paidMemberships>>[number];
const grants = (p: Omit<PaidMembership, 'areaId' | 'memberId'>, now: Date) =>
  purchaseGrantsAccess(
    {
      status: p.status,
      cancelledAt: p.cancelledAt,
      refundedCents: p.refundedCents,
      grandTotalCents: p.grandTotalCents,
      ...(p.plan && {
        subscription: {
          nextBillingAt: p.nextBillingAt,
          cancelledAt: p.subscriptionCancelledAt,
          pausedAt: p.pausedAt,
        },
      }),
    },
    now,
  );

/**
 * The areas a member belongs to now: part of the page cache's key for them. A membership bought
 * with an order lasts while the order holds (purchaseGrantsAccess): a lapsed subscription's pages
 * close at the member's next page.
 */
export async function joinedAreaIds(db: Database, memberId: string, now = new Date()): Promise<string[]> {
  await settlePaidCheckouts(db, { memberId });
  const [rows, paid] = await Promise.all([
    db
      .select({ areaId: memberAreaMembers.areaId, orderId: memberAreaMembers.orderId })
      .from(memberAreaMembers)
      .where(eq(memberAreaMembers.memberId, memberId)),
    paidMemberships(db, eq(memberAreaMembers.memberId, memberId)),
  ]);
  const holding = new Set(paid.filter((p) => grants(p, now)).map((p) => p.areaId));
  return rows
    .filter((r) => r.orderId === null || holding.has(r.areaId))
    .map((r) => r.areaId)
    .sort();
}

/**
 * The area an order paid for (its checkout was a paid area's join), if any: the order's page then
 * hands over to membership confirmed (208), which names the area.
 */
export async function areaPaidFor(
  db: Pick<Database, 'select'>,
  websiteId: string,
  order: { id: string; cartId: string },
): Promise<string | undefined> {
  const [recorded] = await db
    .select({ areaId: memberAreaMembers.areaId })
    .from(memberAreaMembers)
    .innerJoin(memberAreas, eq(memberAreas.id, memberAreaMembers.areaId))
    .where(and(eq(memberAreaMembers.orderId, order.id), eq(memberAreas.websiteId, websiteId)))
    .limit(1);
  if (recorded) return recorded.areaId;
  const [pending] = await db
    .select({ areaId: memberAreaCheckouts.areaId })
    .from(memberAreaCheckouts)
    .innerJoin(memberAreas, eq(memberAreas.id, memberAreaCheckouts.areaId))
    .where(and(eq(memberAreaCheckouts.cartId, order.cartId), eq(memberAreas.websiteId, websiteId)));
  return pending?.areaId;
}

/** The site's area, or 404: an area id from the request is never trusted to be this site's. */
async function requireArea(db: Database, websiteId: string, areaId: string) {
  const [area] = await db
    .select({ id: memberAreas.id, productId: memberAreas.productId })
    .from(memberAreas)
    .where(and(eq(memberAreas.id, areaId), eq(memberAreas.websiteId, websiteId)));
  if (!area) throw notFound();
  return area;
}

async function requireVerified(db: Database, websiteId: string, memberId: string): Promise<void> {
  const [member] = await db
    .select({ verified: siteMembers.emailVerifiedAt })
    .from(siteMembers)
    .where(and(eq(siteMembers.id, memberId), eq(siteMembers.websiteId, websiteId)));
  if (!member?.verified) throw new ApiError(403, 'EMAIL_NOT_VERIFIED', memberAreaMessages.verifyFirst);
}

const paymentRequired = () => new ApiError(402, 'PAYMENT_REQUIRED', memberAreaMessages.paymentRequired);

/**
 * A member joins an area. Only with a verified email: the owner's list of members is a list of
 * people who can be reached. Joining twice is joining once. A paid area is joined by paying
 * (startAreaCheckout): here it is refused unless the member's payment already holds.
 */
export async function joinMemberArea(
  db: Database,
  websiteId: string,
  memberId: string,
  areaId: string,
): Promise<void> {
  const area = await requireArea(db, websiteId, areaId);
  await requireVerified(db, websiteId, memberId);
  if (area.productId) {
    if ((await joinedAreaIds(db, memberId)).includes(areaId)) return;
    throw paymentRequired();
  }
  await db.insert(memberAreaMembers).values({ areaId, memberId }).onConflictDoNothing();
}

/**
 * The join form of a paid area: a cart of its own holding the area's product (as a subscription
 * is bought, commerce/checkout-routes.ts), noted as this member's, paid at /checkout?cartToken=.
 * Undefined for a free area or a member whose payment already holds (they simply join).
 */
export async function startAreaCheckout(
  db: Database,
  websiteId: string,
  memberId: string,
  areaId: string,
): Promise<string | undefined> {
  const area = await requireArea(db, websiteId, areaId);
  await requireVerified(db, websiteId, memberId);
  if (!area.productId || (await joinedAreaIds(db, memberId)).includes(areaId)) return undefined;
  const productId = area.productId;
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.position))
      .limit(1);
    if (!variant) throw notFound();
    const [product] = await tx
      .select({ details: products.details })
      .from(products)
      .where(eq(products.id, productId));
    const subscription =
      (product?.details as { isSubscribable?: boolean } | undefined)?.isSubscribable === true;
    const cart = await createCart(tx, websiteId, subscription ? 'subscription' : 'member-area');
    await tx
      .insert(cartEntries)
      .values({ id: randomUUID(), cartId: cart.id, productId, variantId: variant.id, quantity: 1 });
    await tx.insert(memberAreaCheckouts).values({ cartId: cart.id, areaId, memberId });
    return cart.token;
  });
}

/** A member leaves an area (their account page's Leave): its pages close to them at once. */
export async function leaveMemberArea(
  db: Database,
  websiteId: string,
  memberId: string,
  areaId: string,
): Promise<void> {
  const left = await db
    .delete(memberAreaMembers)
    .where(
      and(
        eq(memberAreaMembers.areaId, areaId),
        eq(memberAreaMembers.memberId, memberId),
        inArray(
          memberAreaMembers.areaId,
          db.select({ id: memberAreas.id }).from(memberAreas).where(eq(memberAreas.websiteId, websiteId)),
        ),
      ),
    )
    .returning({ areaId: memberAreaMembers.areaId });
  if (left.length === 0) throw new ApiError(404, 'NOT_FOUND', memberAreaMessages.notAMember);
}

/*
 * The owner's list pages by (joined at, member) rather than by offset, so people joining while the
 * owner reads neither repeat nor skip anyone. The cursor keeps the time to the microsecond, as
 * PostgreSQL stores it: a JavaScript Date would drop digits and lose rows that share a millisecond.
 */
const encodeCursor = (joinedAt: string, memberId: string) =>
  Buffer.from(JSON.stringify([joinedAt, memberId])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((v) => typeof v === 'string') &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value[0] as string)
    )
      return value as [string, string];
  } catch {
    // Falls through to the refusal: a cursor is only ever one this server made.
  }
  throw new ApiError(400, 'INVALID', memberAreaMessages.badCursor, [
    { path: ['after'], message: memberAreaMessages.badCursor },
  ]);
}

/**
 * `purchaseGrantsAccess` as a condition on `orders` (the members list's filter): a paid, not
 * cancelled, not fully refunded order; a subscription also not paused, and before its next billing
 * plus the grace (none once cancelled). `state-filter` tests hold it to the function, case by case.
 */
const orderGrants = (now: Date) => sql`(
  ${orders.status} = 'paid' and ${orders.cancelledAt} is null
  and not (${orders.grandTotalCents} > 0 and ${orders.refundedCents} >= ${orders.grandTotalCents})
  and (coalesce(${orders.subscriptionPlan}, 'null'::jsonb) = 'null'::jsonb or (
    ${orders.subscriptionPausedAt} is null
    and (${orders.subscriptionNextBillingAt} is null or ${now.toISOString()}::timestamptz <
      ${orders.subscriptionNextBillingAt} + case when ${orders.subscriptionCancelledAt} is null
        then ${`${RENEWAL_GRACE_MS} milliseconds`}::interval else interval '0' end))))`;

function stateFilter(state: AreaMemberState | undefined, now: Date) {
  if (state === undefined) return undefined;
  if (state === 'free') return isNull(memberAreaMembers.orderId);
  const holds = and(isNotNull(memberAreaMembers.orderId), orderGrants(now));
  return state === 'paying' ? holds : and(isNotNull(memberAreaMembers.orderId), not(orderGrants(now)));
}

/**
 * An area's members, newest first, `MEMBER_AREA_LIMITS.membersPage` at a time, each with whether
 * they pay (`AreaMemberState`): read from the one order that bought each membership on the page
 * (a join by its key), never from every order of the area.
 */
export async function listAreaMembers(
  db: Database,
  websiteId: string,
  areaId: string,
  after: string | undefined,
  state?: AreaMemberState,
  now = new Date(),
): Promise<AreaMemberPage> {
  await requireArea(db, websiteId, areaId);
  const from = after === undefined ? undefined : decodeCursor(after);
  const rows = await db
    .select({
      memberId: siteMembers.id,
      email: siteMembers.email,
      joinedAt: memberAreaMembers.joinedAt,
      at: sql<string>`to_char(${memberAreaMembers.joinedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      orderId: memberAreaMembers.orderId,
      status: orders.status,
      cancelledAt: orders.cancelledAt,
      refundedCents: orders.refundedCents,
      grandTotalCents: orders.grandTotalCents,
      plan: orders.subscriptionPlan,
      nextBillingAt: orders.subscriptionNextBillingAt,
      subscriptionCancelledAt: orders.subscriptionCancelledAt,
      pausedAt: orders.subscriptionPausedAt,
    })
    .from(memberAreaMembers)
    .innerJoin(siteMembers, eq(siteMembers.id, memberAreaMembers.memberId))
    .leftJoin(orders, eq(orders.id, memberAreaMembers.orderId))
    .where(
      and(
        eq(memberAreaMembers.areaId, areaId),
        from &&
          sql`(${memberAreaMembers.joinedAt}, ${memberAreaMembers.memberId}) < (${from[0]}::timestamptz, ${from[1]})`,
        stateFilter(state, now),
      ),
    )
    .orderBy(desc(memberAreaMembers.joinedAt), desc(memberAreaMembers.memberId))
    .limit(MEMBER_AREA_LIMITS.membersPage + 1);
  const page = rows.slice(0, MEMBER_AREA_LIMITS.membersPage);
  const last = page.at(-1);
  const stateOf = (r: (typeof rows)[number]): AreaMemberState =>
    r.orderId === null
      ? 'free'
      : r.status !== null &&
          grants(
            {
              ...r,
              status: r.status,
              refundedCents: r.refundedCents ?? 0,
              grandTotalCents: r.grandTotalCents ?? 0,
            },
            now,
          )
        ? 'paying'
        : 'lapsed';
  return {
    members: page.map((r) => ({
      memberId: r.memberId,
      email: r.email,
      joinedAt: r.joinedAt.toISOString(),
      state: stateOf(r),
    })),
    ...(rows.length > page.length && last ? { next: encodeCursor(last.at, last.memberId) } : {}),
  };
}

/** The owner takes someone out of an area; they can join again (a paid area would charge again). */
export async function removeAreaMember(
  db: Database,
  websiteId: string,
  areaId: string,
  memberId: string,
): Promise<void> {
  await requireArea(db, websiteId, areaId);
  const removed = await db
    .delete(memberAreaMembers)
    .where(and(eq(memberAreaMembers.areaId, areaId), eq(memberAreaMembers.memberId, memberId)))
    .returning({ memberId: memberAreaMembers.memberId });
  if (removed.length === 0) throw new ApiError(404, 'NOT_FOUND', memberAreaMessages.notAMember);
}
