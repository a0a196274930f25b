import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { websites } from './site';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The site icon in every size browsers and phones ask for, made once from the owner's upload
 * (sites/site-icon.ts). A few kilobytes each, so they live beside the site's rows and travel
 * with its backups; `websites.settings.siteIcon.version` names the current set.
 */
export const siteIcons = pgTable(
  'site_icons',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    png: bytea('png').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.size] })],
);
