import { z } from 'zod';
import {
  parseRedirectFrom,
  parseRedirectTo,
  isWildcard,
  redirectMessages,
  type RedirectStatus,
} from '../redirects/redirect-rules';

/** The Redirects screen's calls: list and add (GET, POST), change (PUT), remove (POST …/remove). */
export const REDIRECTS_API = {
  redirects: '/api/editor/redirects',
  remove: '/api/editor/redirects/remove',
} as const;

// Long enough for any address the rules accept, tidied or not; the rules give the message.
const address = z.string().max(4000);

/** One rule as typed: addresses tidied (trailing slashes, doubled slashes), each checked. */
export const redirectRuleSchema = z
  .object({
    from: address,
    to: address,
    status: z.union([z.literal(301), z.literal(302)], { error: redirectMessages.status }).default(301),
  })
  .transform((input, ctx) => {
    const from = parseRedirectFrom(input.from);
    if (!from.ok) ctx.addIssue({ code: 'custom', path: ['from'], message: from.message });
    const to = parseRedirectTo(input.to, from.ok && isWildcard(from.value));
    if (!to.ok) ctx.addIssue({ code: 'custom', path: ['to'], message: to.message });
    if (!from.ok || !to.ok) return z.NEVER;
    if (from.value === to.value) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: redirectMessages.same });
      return z.NEVER;
    }
    return { from: from.value, to: to.value, status: input.status as RedirectStatus };
  });
export type RedirectRuleInput = z.input<typeof redirectRuleSchema>;

/** A change names the rule by its old address as listed (`original`). */
export const updateRedirectSchema = z
  .object({ original: address, rule: redirectRuleSchema })
  .transform((v) => ({ original: v.original, ...v.rule }));
export const removeRedirectSchema = z.object({ from: address });

/** One rule as the screen lists it; `servedTo` is where visitors end up when rules chain. */
export interface RedirectView {
  from: string;
  to: string;
  status: RedirectStatus;
  servedTo?: string;
  createdAt: string;
}
