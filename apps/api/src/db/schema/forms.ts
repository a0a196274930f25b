import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './site';

/** A form built in the editor: the @site/forms model, stored whole. */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('My Form Name'),
    /** The form model (fields, submission message, redirect, captcha settings). */
    model: jsonb('model').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forms_site').on(t.websiteId)],
);

/** One-time keys handed out before a submission (POST /api/form/FormSubmissionKey). */
export const formSubmissionKeys = pgTable('form_submission_keys', {
  key: text('key').primaryKey(),
  websiteId: text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** pageTitle, pageId, contentSource, pagePath, pagePermissionTypeValue. */
    page: jsonb('page').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_form').on(t.formId, t.createdAt, t.id)],
);

/**
 * Each form's submissions, kept by a trigger on form_submissions in the transaction that adds or
 * deletes one (migration 0053), so the editor's forms list counts without reading them. Not a
 * column of forms: every change of a forms row drops the site's cached pages.
 */
export const formCounts = pgTable('form_counts', {
  formId: text('form_id')
    .primaryKey()
    .references(() => forms.id, { onDelete: 'cascade' }),
  submissions: integer('submissions').notNull().default(0),
});

/**
 * What the storefront's tracking library sends (census hits, events, JavaScript errors,
 * performance records), validated with @site/tracking's schemas and kept for the site's analytics.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: text('website_id'),
    /** census-hit, button-click, event, clanker-event, javascript-error, performance… */
    kind: text('kind').notNull(),
    name: text('name'),
    visitorId: text('visitor_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** A page view's path (analytics/page-path.ts), parsed once when stored; null on other rows. */
    pagePath: text('page_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_kind').on(t.kind, t.createdAt)],
);
