import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';

/** First path segments the platform itself answers; a page cannot take them. */
export const RESERVED_SEGMENTS = [
  'api',
  'assets',
  'config',
  'cart',
  'checkout',
  'search',
  'orders',
  'account',
  'settings',
  'commerce',
  'p',
] as const;

/** A URL slug from a title: lower case, accents dropped, words joined by hyphens. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.maxSlugLength)
    .replace(/-+$/, '');
}

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A page path: `/` or `/segment[/segment]`, lower-case letters, digits and single hyphens. */
export function isValidPagePath(path: string): boolean {
  if (path === '/') return true;
  if (!path.startsWith('/') || path.length > LIMITS.maxSlugLength + 1) return false;
  const segments = path.slice(1).split('/');
  return segments.length <= LIMITS.maxNavigationDepth && segments.every((s) => SEGMENT.test(s));
}

export function isReservedPath(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return (RESERVED_SEGMENTS as readonly string[]).includes(first);
}

/** Accepts `about`, `/about` or `/About Us/` and gives the canonical `/about-us`, or an error message. */
export function normalizePagePath(
  input: string,
): { ok: true; path: string } | { ok: false; message: string } {
  const trimmed = input.trim();
  const path = trimmed === '/' ? '/' : `/${trimmed.replace(/^\/+|\/+$/g, '')}`;
  if (!isValidPagePath(path)) return { ok: false, message: messages.notValidPageUrl(input) };
  if (isReservedPath(path)) return { ok: false, message: messages.slugReserved(path) };
  return { ok: true, path };
}

export const pagePathSchema = z
  .string()
  .max(LIMITS.maxSlugLength + 2)
  .transform((value, ctx) => {
    const result = normalizePagePath(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.path;
  });

/** The next free path: `/about`, then `/about-2`, `/about-3`… */
export function nextFreePath(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
