import {
  formatMoneyText,
  parseMoneyText,
  type AdminProduct,
  type AdminProductType,
  type MoneyTextOptions,
} from '@site/commerce-core/admin';
import { storeMessages } from './store-messages';

/** One variant row as typed: prices in the currency's major units, as the owner writes them. */
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
  /** A name typed in the new-option box but not added yet; a save refuses while it is there. */
  pendingOption: string;
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
  /** Never taxed (a gift card never is, whatever this says). */
  taxExempt: boolean;
  /** A physical product nobody ships: checkout asks no address for it. */
  noShipping: boolean;
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

const noSubscription: ProductDraft['subscription'] = {
  enabled: false,
  every: '1',
  unit: 'MONTH',
  cycles: '0',
};

const switchOf = (value: boolean | undefined): Switch => (value === undefined ? '' : value ? 'on' : 'off');
const text = (n: number | undefined) => (n === undefined ? '' : String(n));

/** A stored price (a string of minor units) as the owner's text; what cannot be read stays as is. */
function priceText(value: string, currency: string, locale: string | undefined): string {
  return /^\d+$/.test(value) ? formatMoneyText(BigInt(value), { currency, locale }) : value;
}

/** The form of a product, or of a new one; prices written in the owner's locale. */
export function draftOf(product: AdminProduct | undefined, locale?: string): ProductDraft {
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
    pendingOption: '',
    taxExempt: product?.taxExempt === true,
    noShipping: product?.noShipping === true,
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
      price: priceText(v.price.value, v.price.currency, locale),
      salePrice: v.salePrice ? priceText(v.salePrice.value, v.salePrice.currency, locale) : '',
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

/**
 * What the form refuses before anything is sent, by field path: a price that is not money (the
 * message says what to type) and a typed option name that was never added.
 */
export function draftIssues(draft: ProductDraft, money: MoneyTextOptions): Record<string, string> {
  const issues: Record<string, string> = {};
  if (draft.pendingOption.trim())
    issues.pendingOption = storeMessages.optionNotAdded(draft.pendingOption.trim());
  draft.variants.forEach((v, i) => {
    const price = parseMoneyText(v.price, { ...money, required: true });
    if (!price.ok) issues[`variants.${i}.price.value`] = price.message;
    const sale = parseMoneyText(v.salePrice, { ...money, required: v.onSale });
    if (!sale.ok) issues[`variants.${i}.salePrice`] = sale.message;
  });
  return issues;
}
