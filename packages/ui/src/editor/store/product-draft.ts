import type { AdminProduct, AdminProductType } from '@site/commerce-core/admin';

/** One variant row as typed: amounts stay strings of minor units, as the API takes them. */
export interface VariantDraft {
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  price: string;
  salePrice: string;
  onSale: boolean;
  qtyInStock: string;
  unlimited: boolean;
}

/** A per-product merchandising switch: '' follows the store's setting, else on or off here. */
export type Switch = '' | 'on' | 'off';

export interface MerchandisingDraft {
  scarcity: Switch;
  scarcityText: string;
  customSoldOutText: string;
  restockNotifications: Switch;
  mailingListSignUp: Switch;
  mailingListOptInByDefault: Switch;
}

export interface ShippingDraft {
  weightGrams: string;
  lengthMm: string;
  widthMm: string;
  heightMm: string;
}

export interface ProductDraft {
  title: string;
  productType: AdminProductType;
  enabled: boolean;
  excerpt: string;
  /** Option names in the order the storefront lists them. */
  options: string[];
  customAddButtonText: string;
  /** Billing every `every` units, for `cycles` payments (0: until cancelled); off when not subscribable. */
  subscription: { enabled: boolean; every: string; unit: 'WEEK' | 'MONTH' | 'YEAR'; cycles: string };
  variants: VariantDraft[];
  /** File manager ids, the first the main image. */
  imageFileIds: string[];
  /** The file a digital product delivers; '' for none. */
  digitalFileId: string;
  /** The additional-fields form; '' for none. */
  additionalFieldsFormId: string;
  merchandising: MerchandisingDraft;
  shipping: ShippingDraft;
  /** Title and summary per added language code. */
  translations: Record<string, { title: string; excerpt: string }>;
  /** Saved with their own call after the product (see ProductTagsPanel). */
  tags: string[];
  categories: string[];
}

/** The one option a gift card has: each variant is a denomination. */
export const GIFT_CARD_OPTION = 'Amount';

export const emptyVariant = (): VariantDraft => ({
  sku: '',
  attributes: {},
  price: '',
  salePrice: '',
  onSale: false,
  qtyInStock: '0',
  unlimited: false,
});

const noSubscription: ProductDraft['subscription'] = { enabled: false, every: '1', unit: 'MONTH', cycles: '0' };

const switchOf = (value: boolean | undefined): Switch => (value === undefined ? '' : value ? 'on' : 'off');
const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export function draftOf(product: AdminProduct | undefined): ProductDraft {
  const merch = product?.merchandising ?? {};
  const shipping = product?.shipping ?? {};
  const base = {
    imageFileIds: product?.imageFileIds ?? [],
    tags: product?.tags ?? [],
    categories: product?.categories ?? [],
    digitalFileId: product?.digitalFileId ?? '',
    additionalFieldsFormId: product?.additionalFieldsFormId ?? '',
    merchandising: {
      scarcity: switchOf(merch.scarcityEnabled),
      scarcityText: merch.scarcityText ?? '',
      customSoldOutText: merch.customSoldOutText ?? '',
      restockNotifications: switchOf(merch.restockNotificationsEnabled),
      mailingListSignUp: switchOf(merch.mailingListSignUpEnabled),
      mailingListOptInByDefault: switchOf(merch.mailingListOptInByDefault),
    },
    shipping: {
      weightGrams: text(shipping.weightGrams),
      lengthMm: text(shipping.lengthMm),
      widthMm: text(shipping.widthMm),
      heightMm: text(shipping.heightMm),
    },
    translations: Object.fromEntries(
      Object.entries(product?.translations ?? {}).map(([code, t]) => [
        code,
        { title: t.title ?? '', excerpt: t.excerpt ?? '' },
      ]),
    ),
  };
  if (!product)
    return {
      ...base,
      title: '',
      productType: 'physical',
      enabled: true,
      excerpt: '',
      customAddButtonText: '',
      subscription: noSubscription,
      options: [],
      variants: [emptyVariant()],
    };
  return {
    ...base,
    title: product.title,
    productType: product.productType,
    enabled: product.enabled,
    excerpt: product.excerpt,
    customAddButtonText: product.customAddButtonText ?? '',
    subscription: product.subscriptionPlan
      ? {
          enabled: true,
          every: String(product.subscriptionPlan.billingPeriod.value),
          unit: product.subscriptionPlan.billingPeriod.unit,
          cycles: String(product.subscriptionPlan.numBillingCycles),
        }
      : noSubscription,
    options: product.variantOptionOrdering,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      price: v.price.value,
      salePrice: v.salePrice?.value ?? '',
      onSale: v.onSale,
      qtyInStock: String(v.qtyInStock),
      unlimited: v.unlimited,
    })),
  };
}

/**
 * A new type's shape: a digital product keeps one variant and no options, a gift card has the one
 * option Amount (each variant a denomination) and no subscription; the rest is kept as typed.
 */
export function withProductType(draft: ProductDraft, productType: AdminProductType): ProductDraft {
  if (productType === 'digital')
    return { ...draft, productType, options: [], variants: [{ ...draft.variants[0]!, attributes: {} }] };
  if (productType === 'giftCard')
    return {
      ...draft,
      productType,
      options: [GIFT_CARD_OPTION],
      subscription: noSubscription,
      digitalFileId: '',
    };
  return { ...draft, productType, digitalFileId: '' };
}

/** Renames an option everywhere it is used, so variants keep their values under the new name. */
export function renameOption(draft: ProductDraft, index: number, name: string): ProductDraft {
  const old = draft.options[index];
  if (old === undefined) return draft;
  return {
    ...draft,
    options: draft.options.map((o, i) => (i === index ? name : o)),
    variants: draft.variants.map((v) => {
      const { [old]: value, ...rest } = v.attributes;
      return { ...v, attributes: value === undefined ? rest : { ...rest, [name]: value } };
    }),
  };
}

/** Moves an item of a list by one place (up: -1, down: +1); out of range is no change. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
