import { z } from 'zod';
import { fillMessage } from '../messages';
import { adminMessages } from './messages';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../text/safe-text';
import { ProductType, type ProductTypeCode } from '../product/types';
import { SubscriptionPlanSchema } from '../subscriptions/schema';
import { AdminMoneySchema, parseMinorUnits } from './money-input';

/** Product types an owner creates in the editor, by the name the admin calls use. */
export const ADMIN_PRODUCT_TYPES = {
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  giftCard: ProductType.GIFT_CARD,
} as const satisfies Record<string, ProductTypeCode>;
export type AdminProductType = keyof typeof ADMIN_PRODUCT_TYPES;
export const ADMIN_PRODUCT_TYPE_NAMES = Object.keys(ADMIN_PRODUCT_TYPES) as AdminProductType[];

export function adminProductType(code: number): AdminProductType | undefined {
  return ADMIN_PRODUCT_TYPE_NAMES.find((name) => ADMIN_PRODUCT_TYPES[name] === code);
}

// The editor shows these next to the field's name ('Title: Enter a value.'), so they name no field.
const safe = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, { message: adminMessages.textRequired })
    .max(max, { message: fillMessage(adminMessages.textTooLong, { max }) })
    .refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });

export const MAX_VARIANTS_PER_PRODUCT = 250;
export const MAX_VARIANT_OPTIONS = 6;
export const MAX_STOCK = 1_000_000_000;

export const StockSchema = /* @__PURE__ */ (() =>
  z.number().int().min(0, { message: adminMessages.stockNegative }).max(MAX_STOCK))();

export const AdminVariantSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Present for a variant that exists; a new variant has none. */
    id: z.string().max(200).optional(),
    /** Empty or absent: the server makes one (see fillSkus). */
    sku: safe(80).regex(/^\S*$/, { message: adminMessages.skuHasSpaces }).default(''),
    attributes: z.record(safe(50, 1), safe(100, 1)).default({}),
    price: AdminMoneySchema,
    salePrice: AdminMoneySchema.optional(),
    onSale: z.boolean().default(false),
    /**
     * Absent on a variant that exists: its stock stays as it is, so a save made from a form read
     * before a sale does not put the sold units back. A new variant without it starts at 0.
     */
    qtyInStock: StockSchema.optional(),
    unlimited: z.boolean().default(false),
  }))();

const fileId = () => z.string().min(1).max(200);

/** Per-product merchandising (platform.md §3 merchandising context); unset fields follow the store's. */
export const ProductMerchandisingSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    scarcityEnabled: z.boolean().optional(),
    scarcityText: safe(200).optional(),
    customSoldOutText: safe(50).optional(),
    restockNotificationsEnabled: z.boolean().optional(),
    mailingListSignUpEnabled: z.boolean().optional(),
    mailingListOptInByDefault: z.boolean().optional(),
  }))();
export type ProductMerchandising = z.infer<typeof ProductMerchandisingSchema>;

/** Weight in grams and box size in millimetres, for shipping rates by weight. */
export const ShippingMeasuresSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    weightGrams: z.number().int().min(0).max(1_000_000).optional(),
    lengthMm: z.number().int().min(0).max(100_000).optional(),
    widthMm: z.number().int().min(0).max(100_000).optional(),
    heightMm: z.number().int().min(0).max(100_000).optional(),
  }))();

/** A product's title and summary in the site's added languages (the server checks the site has them). */
export const AdminProductTranslationsSchema = /* @__PURE__ */ (() =>
  z.record(
    z.string().regex(/^[a-z]{2}$/, { message: adminMessages.unknownLanguage }),
    z.strictObject({ title: safe(200).optional(), excerpt: safe(5000).optional() }),
  ))();

/** Most images a product shows. */
export const MAX_PRODUCT_IMAGES = 20;

/** A product view's tag or category names, taken back by a save and ignored (see below). */
const viewNames = () => z.array(z.string().max(200)).max(500).optional();

/** Single-variant products: a digital download has one price, and so does a service here. */
const SINGLE_VARIANT: readonly AdminProductType[] = ['digital'];

/** One product as the editor saves it: every field, every variant, in one call and one transaction. */
export const AdminProductSaveSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({
      collectionId: z.string().min(1).max(200),
      /** The version the editor loaded; absent when creating. */
      version: z.number().int().min(0).optional(),
      title: safe(200, 1),
      urlId: z
        .string()
        .max(100)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: adminMessages.urlIdFormat })
        .optional(),
      excerpt: safe(5000).default(''),
      productType: z.enum(ADMIN_PRODUCT_TYPE_NAMES as [AdminProductType, ...AdminProductType[]]),
      enabled: z.boolean().default(true),
      variantOptionOrdering: z.array(safe(50, 1)).max(MAX_VARIANT_OPTIONS).default([]),
      variants: z.array(AdminVariantSchema).min(1).max(MAX_VARIANTS_PER_PRODUCT),
      /** Sold as a subscription on this plan (platform.md §3 subscription price); none for one-off sales. */
      subscriptionPlan: SubscriptionPlanSchema.optional(),
      /** The add button's own text instead of "Add To Cart". */
      customAddButtonText: safe(50).optional(),
      /** Images from the file manager, the first one the main image. */
      imageFileIds: z
        .array(fileId())
        .max(MAX_PRODUCT_IMAGES, { message: adminMessages.tooManyImages })
        .default([]),
      /** A digital product's file to deliver (from the file manager); buyers get a download link. */
      digitalFileId: fileId().optional(),
      /** The additional-fields form shoppers fill in before adding to the cart. */
      additionalFieldsFormId: z.string().min(1).max(200).optional(),
      merchandising: ProductMerchandisingSchema.optional(),
      shipping: ShippingMeasuresSchema.optional(),
      /** Never taxed, wherever the shopper is (gift cards never are, whatever this says). */
      taxExempt: z.boolean().optional(),
      /** A physical product nobody ships (collected, or a service done in person): no address asked. */
      noShipping: z.boolean().optional(),
      translations: AdminProductTranslationsSchema.optional(),
      /*
       * Keys of the product view a save accepts and ignores, so the answer of GET can be sent back
       * as it is: the id is the path's (a PUT naming another is refused), the main image follows
       * imageFileIds, createdAt is the server's, and tags and categories are saved by their own
       * call (PUT …/products/:id/tags). That call exists so a product form left open never writes
       * back the names a tag merge replaced meanwhile; applying them here would bring that back.
       * The search settings (seo) are saved by their own call too (PUT …/products/:id/seo).
       */
      id: z.string().max(200).optional(),
      imageUrl: z.string().max(2000).nullable().optional(),
      createdAt: z.string().max(40).optional(),
      tags: viewNames(),
      categories: viewNames(),
      seo: z.looseObject({}).optional(),
    })
    .superRefine((p, ctx) => {
      const issue = (message: string, path: (string | number)[]) =>
        ctx.addIssue({ code: 'custom', message, path });
      const options = p.variantOptionOrdering;
      if (new Set(options).size !== options.length)
        issue(fillMessage(adminMessages.variantOptionsRepeated, { variant: options.join(', ') }), [
          'variantOptionOrdering',
        ]);
      if (SINGLE_VARIANT.includes(p.productType) && (p.variants.length !== 1 || options.length > 0)) {
        issue(fillMessage(adminMessages.singleVariantOnly, { productType: p.productType }), ['variants']);
      }
      if (p.subscriptionPlan && p.productType === 'giftCard')
        issue(adminMessages.giftCardNotSubscribable, ['subscriptionPlan']);
      if (p.digitalFileId && p.productType !== 'digital')
        issue(adminMessages.fileOnlyForDigital, ['digitalFileId']);
      if (p.noShipping && p.productType !== 'physical')
        issue(adminMessages.shippingOnlyForPhysical, ['noShipping']);
      if (p.shipping && p.productType !== 'physical')
        issue(adminMessages.shippingOnlyForPhysical, ['shipping']);
      if (p.productType === 'giftCard') {
        const options = p.variantOptionOrdering;
        if (options.length > 1) issue(adminMessages.giftCardOneOption, ['variantOptionOrdering']);
      }
      const skus = new Set<string>();
      const combos = new Set<string>();
      p.variants.forEach((v, i) => {
        const key = v.sku.toLowerCase();
        if (key && skus.has(key))
          issue(fillMessage(adminMessages.skuRepeated, { sku: v.sku }), ['variants', i, 'sku']);
        skus.add(key);
        const names = Object.keys(v.attributes);
        if (names.length !== options.length || !options.every((o) => o in v.attributes)) {
          issue(fillMessage(adminMessages.variantOptionsMismatch, { options: options.join(', ') || '—' }), [
            'variants',
            i,
            'attributes',
          ]);
        }
        const combo = JSON.stringify(options.map((o) => v.attributes[o]));
        if (options.length > 0 && combos.has(combo))
          issue(
            fillMessage(adminMessages.variantOptionsRepeated, {
              variant: options.map((o) => v.attributes[o]).join(' / '),
            }),
            ['variants', i, 'attributes'],
          );
        combos.add(combo);
        if (v.salePrice && v.salePrice.currency !== v.price.currency)
          issue(fillMessage(adminMessages.wrongCurrency, { currency: v.price.currency }), [
            'variants',
            i,
            'salePrice',
          ]);
        if (v.onSale && !v.salePrice) issue(adminMessages.salePriceRequired, ['variants', i, 'salePrice']);
        if (
          v.onSale &&
          v.salePrice &&
          parseMinorUnits(v.salePrice.value)! >= parseMinorUnits(v.price.value)!
        ) {
          issue(adminMessages.salePriceNotLower, ['variants', i, 'salePrice']);
        }
      });
    }))();

export type AdminProductSave = z.infer<typeof AdminProductSaveSchema>;
export type AdminVariantInput = z.infer<typeof AdminVariantSchema>;

export const StockUpdateSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({ qtyInStock: StockSchema.optional(), unlimited: z.boolean().optional() })
    .refine((s) => s.qtyInStock !== undefined || s.unlimited !== undefined, {
      message: adminMessages.stockUpdateEmpty,
      path: ['qtyInStock'],
    }))();
export type StockUpdate = z.infer<typeof StockUpdateSchema>;

export const PRODUCT_SORTS = ['position', 'title', '-title', 'newest', 'oldest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const STOCK_FILTERS = ['in', 'out', 'low'] as const;
/** "Low" is 1 to this many units left, the scarcity threshold the storefront shows. */
export const LOW_STOCK_UNITS = 5;

export const ProductListQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    collectionId: z.string().max(200).optional(),
    q: z.string().max(200).optional(),
    type: z.enum(ADMIN_PRODUCT_TYPE_NAMES as [AdminProductType, ...AdminProductType[]]).optional(),
    stock: z.enum(STOCK_FILTERS).optional(),
    /** A category name (as the tag manager lists it); matched ignoring case, like the manager's names. */
    category: z.string().trim().min(1).max(200).optional(),
    sort: z.enum(PRODUCT_SORTS).default('position'),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }))();
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** The product preview's query: the language to show the page in (one the site added), else the main one. */
export const ProductPreviewQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    language: z
      .string()
      .regex(/^[a-z]{2}$/, { message: adminMessages.unknownLanguage })
      .optional(),
  }))();
export type ProductPreviewQuery = z.infer<typeof ProductPreviewQuerySchema>;
