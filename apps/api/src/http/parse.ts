import { messages } from '@site/page-content';
import type { z } from 'zod';
import { ApiError } from './errors';

/** Parses with the shared schema; every issue keeps its path so the editor can show it at its field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
  }));
  throw new ApiError(400, 'INVALID', issues[0]?.message ?? messages.updateMissingInfo, issues);
}

/**
 * The storefront calls' parse (cart, checkout, accounts, forms): the first problem, prefixed with
 * its dotted path, is the message, and each issue's path is a dotted string, as those clients read it.
 */
export function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new ApiError(400, 'INVALID_REQUEST', `${where}${issue?.message ?? 'Invalid request'}`, {
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}
