import { z } from 'zod';
import { text } from '../text';
import { teamRoleLabels, type TeamRole } from './team-api';

/**
 * The site's activity log: who published a page or a blog post, changed a price, refunded an order, changed the
 * site settings or the team, and when. Written by the API where each happens; read by the owner
 * and admins (the 'read-activity' right of TEAM_ROLE_RIGHTS) on the editor's Activity screen.
 */
export const ACTIVITY_API = { log: '/api/editor/activity' } as const;

export const ACTIVITY_KINDS = [
  'page-published',
  'post-published',
  'price-changed',
  'order-refunded',
  'settings-changed',
  'member-invited',
  'member-removed',
  'role-changed',
  'ownership-transferred',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The filter's names for each kind, in the owner's words. */
export const activityKindLabels: Record<ActivityKind, string> = {
  'page-published': 'Pages published',
  'post-published': 'Blog posts published',
  'price-changed': 'Prices changed',
  'order-refunded': 'Refunds',
  'settings-changed': 'Site settings changed',
  'member-invited': 'People invited',
  'member-removed': 'People removed',
  'role-changed': 'Roles changed',
  'ownership-transferred': 'Site handed over',
};

/** Entries per page of the log. */
export const ACTIVITY_PAGE_SIZE = 30;

export const activityMessages = {
  forbidden: 'Only the site’s owner or an admin can read the activity log.',
  dateInvalid: 'Enter a date such as 2026-11-29.',
  rangeBackwards: 'The “from” date must be on or before the “to” date.',
  kindInvalid: 'Choose one of the kinds of activity from the list.',
} as const;

const day = text(10).regex(/^\d{4}-\d{2}-\d{2}$/, activityMessages.dateInvalid);

/** The log's filters: a kind, a person (member id), a range of days in the site's time zone (both ends kept). */
export const activityQuerySchema = z
  .strictObject({
    kind: z.enum(ACTIVITY_KINDS, { message: activityMessages.kindInvalid }).optional(),
    person: text(64).min(1).optional(),
    from: day.optional(),
    to: day.optional(),
    cursor: text(512).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: activityMessages.rangeBackwards,
    path: ['from'],
  });
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601 instant. */
  at: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** `id` is null once the person's account is gone. */
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  subject: z.string(),
  detail: z.record(z.string(), z.string()),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Everyone with an entry in the log, for the person filter. */
  people: z.array(z.object({ id: z.string(), email: z.string() })),
  nextPageCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

const roleLabel = (role: string | undefined) => teamRoleLabels[role as TeamRole] ?? role ?? '';

/** One entry as a sentence, the person being said apart: "Published the page “About”". */
export function describeActivity(entry: Pick<ActivityEntry, 'kind' | 'subject' | 'detail'>): string {
  const { subject, detail } = entry;
  switch (entry.kind) {
    case 'page-published':
      return `Published the page “${subject}”`;
    case 'post-published':
      return `Published the blog post “${subject}”`;
    case 'price-changed':
      return `Changed the price of “${subject}” from ${detail.from} to ${detail.to}`;
    case 'order-refunded':
      if (detail.donation) return `Refunded ${detail.amount} of ${detail.donation}’s donation ${subject}`;
      return detail.cancelled
        ? `Cancelled order ${subject} and refunded ${detail.amount}`
        : `Refunded ${detail.amount} on order ${subject}`;
    case 'settings-changed':
      return `Changed the site settings: ${subject}`;
    case 'member-invited':
      return `Invited ${subject} as ${roleLabel(detail.role)}`;
    case 'member-removed':
      return `Removed ${subject} from the team`;
    case 'role-changed':
      return `Made ${subject} ${roleLabel(detail.role)}`;
    case 'ownership-transferred':
      return `Handed the site over to ${subject}`;
  }
}
