/** Longest path kept: rollup keys live in a primary key, and a btree entry must stay well under 2.7 kB. */
export const PAGE_PATH_MAX = 512;

const WITH_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/;
const PLAIN = /^([^?#]*)/;

/**
 * The page path of a page view's URL, computed when the hit is stored so the dashboard's live part
 * does not run a regular expression per page view (`tracking_events.page_path`). The same rule as
 * URL_PATH_SQL, which reads rows stored before the column existed; a test holds the two equal.
 */
export function pagePathOf(url: string): string {
  const path = WITH_SCHEME.exec(url)?.[1] ?? PLAIN.exec(url)?.[1] ?? '';
  // left() in SQL counts characters, not UTF-16 units.
  return path === '' ? '/' : Array.from(path).slice(0, PAGE_PATH_MAX).join('');
}

/** pagePathOf in SQL, over a hit's payload url. */
export const URL_PATH_SQL = `left(coalesce(nullif(coalesce(substring(payload->>'url' from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'), substring(payload->>'url' from '^([^?#]*)')), ''), '/'), ${PAGE_PATH_MAX})`;
