import { isStorableText } from '../text';

/**
 * Redirect rules: an old address on the site sends visitors to a new one, permanently (301) or for
 * now (302). A rule's old address is a site path, either exact or ending in `/*` (the path and
 * everything under it); the new address is a site path or a full web address, and may end in `/*`
 * when the old one does, to carry the rest of the visitor's path along.
 */
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface RedirectRule {
  from: string;
  to: string;
  status: RedirectStatus;
}

export const REDIRECT_LIMITS = {
  /** Characters of an address, old or new. */
  addressLength: 1000,
  /** Rules one site may keep (page moves add theirs). */
  rulesPerSite: 5000,
  /** Rules followed for one visit before it is taken for a circle. */
  maxHops: 20,
} as const;

export const redirectMessages = {
  fromRequired: 'Enter the old address, starting with /',
  fromNotPath: 'The old address is a path on this site, starting with / (for example /old-page)',
  toRequired: 'Enter where visitors should go',
  toInvalid: 'Enter a path on this site starting with / or a full web address starting with https://',
  tooLong: `An address can be at most ${REDIRECT_LIMITS.addressLength} characters`,
  characters: 'Addresses cannot contain spaces, quotes, angle brackets, backslashes or control characters',
  query: 'Leave out the part from ? or #: visitors keep their own',
  wildcard: 'A * may only end the address, right after a / (for example /old-blog/*)',
  toWildcard: 'The new address can end with /* only when the old one does',
  status: 'Choose permanent (301) or temporary (302)',
  same: 'The old and new addresses are the same',
  loop: (chain: readonly string[]) =>
    `This redirect would send visitors round in a circle: ${shortChain(chain)}. Change one of these redirects first.`,
  exists: (from: string) => `There is already a redirect from ${from}`,
  pageExists: (from: string) => `A page lives at ${from}, so visitors would see the page, not the redirect`,
  notFound: 'That redirect no longer exists',
  tooMany: `A site can keep at most ${REDIRECT_LIMITS.rulesPerSite} redirects`,
} as const;

function shortChain(chain: readonly string[]): string {
  const shown = chain.length > 6 ? [...chain.slice(0, 5), '…'] : chain;
  return shown.join(' → ');
}

// Typed by a person, an address never holds these; a browser would encode or refuse them.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const BAD_CHARACTERS = /[\s\u0000-\u001f\u007f"<>\\^`{|}]/u;

export const isWildcard = (address: string) => address.endsWith('/*');
export const isExternal = (address: string) => /^https?:\/\//i.test(address);

/** Trailing slashes and doubled ones go: `/Old//Page/` and `/Old/Page` are one address. */
function tidyPath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') || '/' : collapsed;
}

type Parsed = { ok: true; value: string } | { ok: false; message: string };

function commonChecks(raw: string): string | undefined {
  if (raw.length > REDIRECT_LIMITS.addressLength) return redirectMessages.tooLong;
  if (!isStorableText(raw) || BAD_CHARACTERS.test(raw)) return redirectMessages.characters;
  if (/[?#]/.test(raw)) return redirectMessages.query;
  return undefined;
}

/** The old address, tidied, or why it cannot be one. */
export function parseRedirectFrom(input: string): Parsed {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: redirectMessages.fromRequired };
  const problem = commonChecks(raw);
  if (problem) return { ok: false, message: problem };
  // `//host/x` is another site to a browser; `https://...` is not an address of this one.
  if (!raw.startsWith('/') || raw.startsWith('//'))
    return { ok: false, message: redirectMessages.fromNotPath };
  const value = tidyPath(raw);
  if (value.slice(0, isWildcard(value) ? -2 : undefined).includes('*'))
    return { ok: false, message: redirectMessages.wildcard };
  return { ok: true, value };
}

/** The new address, tidied, or why it cannot be one; `wildcard` says whether the old one ends in `/*`. */
export function parseRedirectTo(input: string, wildcard: boolean): Parsed {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: redirectMessages.toRequired };
  const problem = commonChecks(raw);
  if (problem) return { ok: false, message: problem };
  let value: string;
  if (raw.startsWith('/') && !raw.startsWith('//')) value = tidyPath(raw);
  else {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, message: redirectMessages.toInvalid };
    }
    if (!['http:', 'https:'].includes(url.protocol) || !url.hostname || url.username || url.password)
      return { ok: false, message: redirectMessages.toInvalid };
    value = url.href;
  }
  const star = isWildcard(value);
  if (value.slice(0, star ? -2 : undefined).includes('*'))
    return { ok: false, message: redirectMessages.wildcard };
  if (star && !wildcard) return { ok: false, message: redirectMessages.toWildcard };
  return { ok: true, value };
}

/** Where one rule sends a path it covers, or undefined when it does not cover it. */
export function applyRedirectRule(rule: RedirectRule, path: string): string | undefined {
  if (!isWildcard(rule.from)) return path === rule.from ? rule.to : undefined;
  const prefix = rule.from.slice(0, -2);
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
  if (!isWildcard(rule.to)) return rule.to;
  const rest = path.slice(prefix.length);
  const target = rule.to.slice(0, -2) + rest;
  if (isExternal(target)) return target;
  return target === '' ? '/' : tidyPath(target);
}

/** Rules ready to match: exact ones by address, then the `/*` ones from the longest prefix down. */
export interface RedirectTable {
  exact: ReadonlyMap<string, RedirectRule>;
  wildcards: readonly RedirectRule[];
}

export function redirectTable(rules: readonly RedirectRule[]): RedirectTable {
  const exact = new Map<string, RedirectRule>();
  const wildcards: RedirectRule[] = [];
  for (const rule of rules) {
    if (isWildcard(rule.from)) wildcards.push(rule);
    else exact.set(rule.from, rule);
  }
  wildcards.sort((a, b) => b.from.length - a.from.length);
  return { exact, wildcards };
}

/** The rule that answers a path: an exact one first, else the most specific `/*` one. */
export function findRedirectRule(table: RedirectTable, path: string): RedirectRule | undefined {
  return table.exact.get(path) ?? table.wildcards.find((rule) => applyRedirectRule(rule, path) !== undefined);
}

export type RedirectResolution =
  | { kind: 'none' }
  | { kind: 'redirect'; location: string; status: RedirectStatus; chain: string[] }
  | { kind: 'loop'; chain: string[] };

/**
 * Follows the rules from a path to the address they finally lead to, so a visitor makes one hop
 * (A→B→C is served as A→C). Temporary anywhere on the way makes the whole trip temporary. A path
 * that `stopAt` says is a real page ends the trip there: a page wins over a rule covering it.
 */
export function resolveRedirect(
  table: RedirectTable,
  path: string,
  stopAt: (path: string) => boolean = () => false,
): RedirectResolution {
  const chain = [path];
  let current = path;
  let status: RedirectStatus = 301;
  for (;;) {
    if (chain.length > 1 && (isExternal(current) || stopAt(current))) break;
    const rule = findRedirectRule(table, current);
    if (!rule) break;
    // Past the hop limit the trip is taken for a circle (`/a/*` → `/a/b/*` never ends).
    if (chain.length > REDIRECT_LIMITS.maxHops) return { kind: 'loop', chain };
    const next = applyRedirectRule(rule, current)!;
    if (rule.status === 302) status = 302;
    if (chain.includes(next)) return { kind: 'loop', chain: [...chain, next] };
    chain.push(next);
    current = next;
  }
  return chain.length > 1 ? { kind: 'redirect', location: current, status, chain } : { kind: 'none' };
}

/** Paths that try a rule out: its exact address, or for `/*` the bare prefix and one path under it. */
function probes(rule: RedirectRule): string[] {
  if (!isWildcard(rule.from)) return [rule.from];
  const prefix = rule.from.slice(0, -2);
  return [prefix || '/', `${prefix}/any-page`];
}

/**
 * The circle a rule set would send visitors round, if any, among the trips that start at or pass
 * through the `changed` rule (older rules are not blamed for a circle they were never part of).
 * Trips end at the site's pages, as when served: `/*` → `/` sends every missing address home.
 */
export function findRedirectLoop(
  rules: readonly RedirectRule[],
  changed: RedirectRule,
  isPage: (path: string) => boolean = () => false,
): string[] | undefined {
  const table = redirectTable(rules);
  for (const rule of [changed, ...rules]) {
    for (const start of probes(rule)) {
      // A page answers its own address; rules are asked only where none does.
      if (isPage(start)) continue;
      const trip = resolveRedirect(table, start, isPage);
      if (trip.kind !== 'loop') continue;
      const usesChanged = trip.chain.some((p) => findRedirectRule(table, p)?.from === changed.from);
      if (usesChanged) return trip.chain;
    }
  }
  return undefined;
}
