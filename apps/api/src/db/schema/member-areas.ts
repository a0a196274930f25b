import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.memberId] }),
    index('member_area_members_member').on(t.memberId),
  ],
);
