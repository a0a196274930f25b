import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts, orders, products } from './commerce';
import { pages, websites } from './site';
import { siteMembers } from './site-users';

/**
 * A member area (src/member-areas/README.md): pages only its members see. Changing one changes
 * what visitors see, so a trigger bumps the site's content counter (migration 0052).
 */
export const memberAreas = pgTable(
  'member_areas',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * A paid area's product (null: free to join). The area makes and owns it, so checkout,
     * receipts, renewals, refunds and orders are the store's; its price is the area's price.
     */
    productId: text('product_id').references(() => products.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_areas_site_name').on(t.websiteId, t.name)],
);

/** The pages an area gates, in the owner's order; a deleted page leaves its areas. */
export const memberAreaPages = pgTable(
  'member_area_pages',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    /** Kept for the trigger's bump: the site whose pages these are. */
    websiteId: text('website_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.pageId] }), index('member_area_pages_page').on(t.pageId)],
);

/**
 * Who joined which area. No version trigger: the page cache keys a signed-in visitor's pages by
 * the areas they belong to, so a join shows at once without dropping anyone else's pages.
 */
export const memberAreaMembers = pgTable(
  'member_area_members',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => siteMembers.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order that paid for a paid area (null: joined free); access lasts while it holds. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.memberId] }),
    index('member_area_members_member').on(t.memberId),
    // The owner's list of an area's members, newest first, read backwards from its cursor.
    index('member_area_members_area_joined').on(t.areaId, t.joinedAt, t.memberId),
  ],
);

/**
 * Who a paid area's checkout is for: the join form makes a cart holding the area's product and
 * notes the signed-in member here, so the paid order makes that account a member whatever email
 * was typed. Gone with its cart.
 */
export const memberAreaCheckouts = pgTable('member_area_checkouts', {
  cartId: text('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  areaId: text('area_id')
    .notNull()
    .references(() => memberAreas.id, { onDelete: 'cascade' }),
  memberId: text('member_id')
    .notNull()
    .references(() => siteMembers.id, { onDelete: 'cascade' }),
});
