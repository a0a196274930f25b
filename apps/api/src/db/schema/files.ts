import type { ColorData, FileStatus } from '@site/page-content';
import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './site';

/** A file an owner uploaded (platform.md §3 image/file): the bytes live in the file storage. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes of the original. */
    size: integer('size').notNull(),
    /** Of the original image; null for other files. */
    width: integer('width'),
    height: integer('height'),
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
    altText: text('alt_text').notNull().default(''),
    colorData: jsonb('color_data').$type<ColorData>(),
    /** The srcset widths written to storage, smallest first. */
    widths: jsonb('widths').$type<number[]>().notNull().default([]),
    status: text('status').$type<FileStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('files_site_created').on(t.websiteId, t.createdAt, t.id)],
);
