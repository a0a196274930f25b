import { minorToMoney, ProductType, type CurrencyCode } from '@site/commerce-core';
import { sanitizeRichText } from '@site/page-content';
import type { products, variants } from '../db/schema';

// The stored search vector is never read for a page.
type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'skus'>;
type VariantRow = typeof variants.$inferSelect;

/**
 * The product item as templates read it (storefront.md §3, "Product item"): the database keeps
 * integers and relations; templates get the platform's JSON shape with both money forms.
 */
export function toProductItem(
  product: ProductRow,
  productVariants: readonly VariantRow[],
  collection: { id: string; path: string },
  currency: CurrencyCode,
) {
  const money = (cents: number) => minorToMoney({ minor: BigInt(cents), currency });
  const details = product.details as Record<string, unknown>;
  const ordering = (details.variantOptionOrdering as string[] | undefined) ?? [];
  // Digital products carry one price on the product itself (storefront.md §3), not per variant.
  const single = product.productType === ProductType.DIGITAL ? productVariants[0] : undefined;
  return {
    id: product.id,
    collectionId: product.collectionId,
    recordType: 11,
    title: product.title,
    urlId: product.urlId,
    fullUrl: `${collection.path}/p/${product.urlId}`,
    assetUrl: product.imageUrl ?? undefined,
    images: productImages(product.imageUrl, details.imageUrls),
    // Sanitised again here, not only on save: rows written before saves sanitised, restored or
    // imported ones, must not carry markup into a page either.
    excerpt: sanitizeRichText(product.excerpt),
    body: sanitizeRichText(product.body),
    // As on blog posts: each name links to the store's list narrowed to it.
    tags: product.tags.map((name) => ({ name, url: `${collection.path}?tag=${encodeURIComponent(name)}` })),
    categories: product.categories.map((name) => ({
      name,
      url: `${collection.path}?category=${encodeURIComponent(name)}`,
    })),
    /** Read by the page renderer (languages, merchandising) and removed before templates see the item. */
    translations: sanitizedTranslations(details.translations),
    merchandisingOverrides: details.merchandising as Record<string, unknown> | undefined,
    structuredContent: {
      productType: product.productType,
      variantOptionOrdering: ordering,
      swatchColors: details.swatchColors,
      ...(single && {
        priceMoney: money(single.priceCents),
        salePriceMoney: money(single.salePriceCents),
        onSale: single.onSale,
      }),
      isSubscribable: details.isSubscribable === true,
      subscriptionPlan: details.subscriptionPlan,
      useCustomAddButtonText: details.useCustomAddButtonText === true,
      customAddButtonText: details.customAddButtonText,
      additionalFieldsFormId: details.additionalFieldsFormId,
      additionalFieldsForm: details.additionalFieldsForm,
      expressCheckout: details.expressCheckout === true,
      shippingWeightGrams: (details.shipping as { weightGrams?: number } | undefined)?.weightGrams,
      taxExempt: details.taxExempt === true,
      noShipping: details.noShipping === true,
      variants: productVariants.map((v) => ({
        id: v.id,
        sku: v.sku,
        attributes: v.attributes,
        optionValues: (ordering.length ? ordering : Object.keys(v.attributes)).map((name) => ({
          optionName: name,
          value: v.attributes[name],
        })),
        price: v.priceCents,
        salePrice: v.salePriceCents,
        onSale: v.onSale,
        priceMoney: money(v.priceCents),
        salePriceMoney: money(v.salePriceCents),
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
      })),
    },
  };
}

export type ProductItem = ReturnType<typeof toProductItem>;

/** Every picture of a product in the owner's order, each knowing its place for "Image 2 of 3". */
function productImages(main: string | null, stored: unknown) {
  const urls =
    Array.isArray(stored) && stored.every((u) => typeof u === 'string') && stored.length
      ? (stored as string[])
      : main
        ? [main]
        : [];
  return urls.map((assetUrl, i) => ({
    assetUrl,
    position: i + 1,
    count: urls.length,
    first: i === 0 || undefined,
  }));
}

/** Options named Color or Colour are chosen from swatches; the others from a list. */
export const isColourOption = (name: string) => /^colou?rs?$/i.test(name.trim());

// Colour names shops use, as a swatch shows them. The owner's own (details.swatchColors) win.
const SWATCHES: Record<string, string> = {
  black: '#1f1f1f',
  white: '#f7f7f5',
  ivory: '#f3eedf',
  cream: '#efe6cf',
  natural: '#e6dcc6',
  oatmeal: '#d8ccb4',
  sand: '#d3bf9b',
  beige: '#d9c8a9',
  tan: '#c19a6b',
  khaki: '#b5a57a',
  camel: '#b7895a',
  brown: '#6b4a33',
  chocolate: '#4a3024',
  rust: '#a4482a',
  terracotta: '#b65c3a',
  orange: '#d9782d',
  mustard: '#c9a227',
  yellow: '#e3c440',
  olive: '#6b6b32',
  sage: '#9aa88a',
  green: '#3f6b46',
  forest: '#2e4a31',
  teal: '#2f6f73',
  blue: '#3f5d7d',
  navy: '#1f2f4a',
  indigo: '#3b3f7a',
  sky: '#8fb4d6',
  purple: '#5e4275',
  lilac: '#b7a3cc',
  pink: '#d99aa5',
  rose: '#c9848c',
  red: '#a8322d',
  burgundy: '#6a1f2b',
  maroon: '#5c1f24',
  grey: '#8a8a88',
  gray: '#8a8a88',
  charcoal: '#3a3d40',
  slate: '#5b6770',
  silver: '#c4c4c2',
  gold: '#c5a14a',
};

/** A swatch colour: only plain hex reaches the page's style attribute. */
function swatchColour(value: string, own: unknown): string | undefined {
  const chosen = own && typeof own === 'object' ? (own as Record<string, unknown>)[value] : undefined;
  if (typeof chosen === 'string' && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(chosen)) return chosen;
  return SWATCHES[value.trim().toLowerCase()];
}

interface ChoiceVariant {
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
}

/**
 * The theme's variant controls: each option with its values in the order variants first use them;
 * a colour option as swatches (radio buttons), the others as a list. A value no variant in stock
 * carries is marked sold out. `selectLabel` is the list's empty choice ("Select Size").
 */
export function variantChoices(
  input: {
    variants: readonly ChoiceVariant[];
    variantOptionOrdering: readonly string[];
    swatchColors?: unknown;
  },
  selectLabel: (name: string) => string,
) {
  if (input.variants.length <= 1) return [];
  return input.variantOptionOrdering.map((name, o) => {
    const values = [
      ...new Set(
        input.variants.flatMap((v) => (v.attributes[name] === undefined ? [] : [v.attributes[name]!])),
      ),
    ];
    const swatches = isColourOption(name);
    return {
      name,
      swatches: swatches || undefined,
      selectLabel: selectLabel(name),
      inputId: `variant-option-${o}`,
      values: values.map((value, i) => ({
        value,
        optionName: name,
        inputName: `variant-option-${o}`,
        inputId: `variant-option-${o}-${i}`,
        color: swatches ? swatchColour(value, input.swatchColors) : undefined,
        soldOut:
          input.variants.every((v) => v.attributes[name] !== value || (!v.unlimited && v.qtyInStock <= 0)) ||
          undefined,
      })),
    };
  });
}

type Translations = Record<string, { title?: string; excerpt?: string }>;

/** Translated excerpts are rich text like the excerpt itself. */
function sanitizedTranslations(value: unknown): Translations | undefined {
  if (!value) return undefined;
  return Object.fromEntries(
    Object.entries(value as Translations).map(([language, t]) => [
      language,
      t.excerpt === undefined ? t : { ...t, excerpt: sanitizeRichText(t.excerpt) },
    ]),
  );
}
