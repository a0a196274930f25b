/**
 * The owner's locale for amounts: the browser's, which is how the owner writes numbers ("8,50" in
 * French) whatever the site's language or the store's currency.
 */
export function ownerLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}
