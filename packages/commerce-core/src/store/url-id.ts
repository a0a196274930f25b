/** Store URL id from the store title (platform.md §5). */

export const MIN_TITLE_LENGTH = 3;

function slug(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The URL id for a new store: the trimmed title, or `fallbackTitle` when it is shorter than three
 * characters, made URL-safe; on collision with an existing id, `-N` with the lowest free N from 1.
 */
export function storeUrlId(title: string, existing: Iterable<string>, fallbackTitle = 'store'): string {
  const trimmed = title.trim();
  let base = slug(trimmed.length < MIN_TITLE_LENGTH ? fallbackTitle : trimmed);
  // A title of only punctuation or non-Latin script leaves nothing URL-safe; the fallback stands in.
  if (base === '') base = slug(fallbackTitle) || 'store';
  const taken = new Set(existing);
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
