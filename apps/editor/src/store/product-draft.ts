import type { CurrencyCode } from '@site/commerce-core';
import { parseMoneyText, type AdminProductSave, type ProductMerchandising } from '@site/commerce-core/admin';
import type { ProductDraft, Switch } from '@site/ui';

const flag = (value: Switch): boolean | undefined => (value === '' ? undefined : value === 'on');

/** Unset and empty values are left out, so the product follows the store's own settings. */
function defined<T extends object>(fields: T): Partial<T> | undefined {
  const kept = Object.entries(fields).filter(([, v]) => v !== undefined && v !== '');
  return kept.length > 0 ? (Object.fromEntries(kept) as Partial<T>) : undefined;
}

const wholeNumber = (value: string) => (value.trim() === '' ? undefined : Number(value));

/**
 * The save call for what the editor holds: prices typed in the owner's locale go as the minor
 * units the API takes (what cannot be read goes as typed, for the server to name; the form checks
 * prices first), an empty sale price is no sale price, only the options still listed are sent, and
 * translations only for the languages the site still adds.
 */
export function toProductSave(
  draft: ProductDraft,
  meta: {
    collectionId: string;
    currency: CurrencyCode;
    /** The owner's locale the prices were typed in. */
    locale?: string;
    version?: number;
    languages?: readonly string[];
    /** Each existing variant's stock when the form was read, by variant id. */
    stockRead?: Readonly<Record<string, number>>;
  },
): AdminProductSave {
  // An untouched stock field is left out, so units sold since the form was read stay sold.
  const stockChanged = (v: ProductDraft['variants'][number]) =>
    !v.id || meta.stockRead?.[v.id] === undefined || Number(v.qtyInStock || 0) !== meta.stockRead[v.id];
  const money = (value: string) => {
    const read = parseMoneyText(value, { currency: meta.currency, locale: meta.locale });
    return {
      value: read.ok && read.minor !== null ? read.minor.toString() : value.trim(),
      currency: meta.currency,
    };
  };
  const merch = draft.merchandising;
  const merchandising = defined<ProductMerchandising>({
    scarcityEnabled: flag(merch.scarcity),
    scarcityText: merch.scarcity === 'off' ? undefined : merch.scarcityText.trim(),
    customSoldOutText: merch.customSoldOutText.trim(),
    restockNotificationsEnabled: flag(merch.restockNotifications),
    mailingListSignUpEnabled: flag(merch.mailingListSignUp),
    mailingListOptInByDefault: flag(merch.mailingListOptInByDefault),
  });
  const shipping =
    draft.productType === 'physical' && !draft.noShipping
      ? defined({
          weightGrams: wholeNumber(draft.shipping.weightGrams),
          lengthMm: wholeNumber(draft.shipping.lengthMm),
          widthMm: wholeNumber(draft.shipping.widthMm),
          heightMm: wholeNumber(draft.shipping.heightMm),
        })
      : undefined;
  const translations: Record<string, { title?: string; excerpt?: string }> = {};
  for (const [code, t] of Object.entries(draft.translations)) {
    const kept = defined({ title: t.title.trim(), excerpt: t.excerpt.trim() });
    if (kept && (!meta.languages || meta.languages.includes(code))) translations[code] = kept;
  }
  return {
    collectionId: meta.collectionId,
    ...(meta.version !== undefined && { version: meta.version }),
    title: draft.title,
    excerpt: draft.excerpt,
    productType: draft.productType,
    enabled: draft.enabled,
    variantOptionOrdering: draft.options,
    imageFileIds: draft.imageFileIds,
    ...(draft.productType === 'digital' && draft.digitalFileId && { digitalFileId: draft.digitalFileId }),
    ...(draft.additionalFieldsFormId && { additionalFieldsFormId: draft.additionalFieldsFormId }),
    ...(merchandising && { merchandising }),
    ...(shipping && { shipping }),
    ...(draft.taxExempt && draft.productType !== 'giftCard' && { taxExempt: true }),
    ...(draft.noShipping && draft.productType === 'physical' && { noShipping: true }),
    ...(Object.keys(translations).length > 0 && { translations }),
    ...(draft.customAddButtonText.trim() && { customAddButtonText: draft.customAddButtonText.trim() }),
    ...(draft.subscription.enabled && {
      subscriptionPlan: {
        billingPeriod: { value: Number(draft.subscription.every), unit: draft.subscription.unit },
        numBillingCycles: Number(draft.subscription.cycles || 0),
      },
    }),
    variants: draft.variants.map((v) => ({
      ...(v.id && { id: v.id }),
      sku: v.sku.trim(),
      attributes: Object.fromEntries(draft.options.map((o) => [o, v.attributes[o] ?? ''])),
      price: money(v.price),
      ...(v.salePrice.trim() && { salePrice: money(v.salePrice) }),
      onSale: v.onSale,
      ...(stockChanged(v) && { qtyInStock: Number(v.qtyInStock || 0) }),
      unlimited: v.unlimited,
    })),
  };
}
