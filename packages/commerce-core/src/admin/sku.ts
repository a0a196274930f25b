/**
 * SKUs made for variants saved without one: the product's title and the variant's option values,
 * in capitals ("LINEN-TOTE-RED-L"), with "-2", "-3"… when the site already uses that SKU. The owner
 * can edit them afterwards like any typed SKU.
 */

const MAX_SKU = 80;

function part(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** The SKU a variant would get before any clash: title, then each option value in option order. */
export function skuStem(title: string, values: readonly string[]): string {
  const parts = [part(title, 24), ...values.map((v) => part(v, 12))].filter(Boolean);
  return parts.length > 0 ? parts.join('-') : 'SKU';
}

/**
 * Fills every empty SKU with one no other variant uses: not the site's other SKUs (`taken`,
 * compared ignoring case as the save's clash check does), nor one typed or made in this save.
 */
export function fillSkus<V extends { sku: string; attributes: Readonly<Record<string, string>> }>(
  title: string,
  options: readonly string[],
  variants: readonly V[],
  taken: Iterable<string>,
): V[] {
  const used = new Set([...taken].map((s) => s.toLowerCase()));
  for (const v of variants) if (v.sku) used.add(v.sku.toLowerCase());
  return variants.map((v) => {
    if (v.sku) return v;
    const stem = skuStem(
      title,
      options.map((o) => v.attributes[o] ?? ''),
    );
    let sku = stem;
    for (let n = 2; used.has(sku.toLowerCase()); n++) {
      const suffix = `-${n}`;
      sku = stem.slice(0, MAX_SKU - suffix.length) + suffix;
    }
    used.add(sku.toLowerCase());
    return { ...v, sku };
  });
}
