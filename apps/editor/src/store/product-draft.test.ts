import { AdminProductSaveSchema, type AdminProduct } from '@site/commerce-core/admin';
import { draftOf, type ProductDraft } from '@site/ui';
import { describe, expect, it } from 'vitest';
import { toProductSave } from './product-draft';

describe('toProductSave', () => {
  it('turns a new draft into a valid save, dropping values of removed options', () => {
    const draft: ProductDraft = {
      ...draftOf(undefined),
      title: 'Poster',
      options: ['Size'],
      variants: [
        {
          sku: ' P-1 ',
          attributes: { Size: 'A2', Colour: 'Red' },
          price: '15.00',
          salePrice: ' ',
          onSale: false,
          qtyInStock: '4',
          unlimited: false,
        },
      ],
    };
    const save = toProductSave(draft, { collectionId: 'shop', currency: 'USD', locale: 'en-US' });
    expect(save.variants[0]).toEqual({
      sku: 'P-1',
      attributes: { Size: 'A2' },
      price: { value: '1500', currency: 'USD' },
      onSale: false,
      qtyInStock: 4,
      unlimited: false,
    });
    expect(save).not.toHaveProperty('version');
    expect(AdminProductSaveSchema.safeParse(save).success).toBe(true);
  });

  it('sends prices typed in the owner’s locale as the minor units of the store currency', () => {
    const variant = { ...draftOf(undefined).variants[0]!, sku: 'X' };
    const priced = (price: string, salePrice: string, currency: 'EUR' | 'JPY', locale: string) =>
      toProductSave(
        {
          ...draftOf(undefined),
          title: 'T',
          variants: [{ ...variant, price, salePrice, onSale: !!salePrice }],
        },
        { collectionId: 'c', currency, locale },
      ).variants[0];
    expect(priced('8,50', '7.5', 'EUR', 'fr-FR')).toMatchObject({
      price: { value: '850', currency: 'EUR' },
      salePrice: { value: '750', currency: 'EUR' },
    });
    expect(priced('1.234,5', '', 'EUR', 'de-DE')!.price.value).toBe('123450');
    expect(priced('¥1,200', '', 'JPY', 'ja-JP')!.price.value).toBe('1200');
    // What cannot be read goes as typed, and the server names the field.
    expect(priced('eight', '', 'EUR', 'fr-FR')!.price.value).toBe('eight');
  });

  it('leaves out the stock of an existing variant the owner did not change, so sales since the read stay sold', () => {
    const variant = (id: string | undefined, qtyInStock: string) => ({
      ...(id && { id }),
      sku: `S-${id ?? 'new'}`,
      attributes: {},
      price: '10',
      salePrice: '',
      onSale: false,
      qtyInStock,
      unlimited: false,
    });
    const draft: ProductDraft = {
      ...draftOf(undefined),
      title: 'Print',
      variants: [variant('v1', '5'), variant('v2', '7'), variant(undefined, '3')],
    };
    const save = toProductSave(draft, {
      collectionId: 'c',
      currency: 'USD',
      version: 2,
      stockRead: { v1: 5, v2: 6 },
    });
    expect(save.variants.map((v) => v.qtyInStock)).toEqual([undefined, 7, 3]);
    expect(save.variants[0]).not.toHaveProperty('qtyInStock');
    expect(AdminProductSaveSchema.safeParse(save).success).toBe(true);
    // Without what was read, every stock is sent as typed.
    expect(
      toProductSave(draft, { collectionId: 'c', currency: 'USD' }).variants.map((v) => v.qtyInStock),
    ).toEqual([5, 7, 3]);
  });

  it('sends the subscription plan and button text only when set', () => {
    const base = {
      ...draftOf(undefined),
      title: 'Club',
      variants: [
        {
          sku: 'C',
          attributes: {},
          price: '10',
          salePrice: '',
          onSale: false,
          qtyInStock: '1',
          unlimited: false,
        },
      ],
    };
    expect(toProductSave(base, { collectionId: 'c', currency: 'USD' })).not.toHaveProperty(
      'subscriptionPlan',
    );
    const save = toProductSave(
      {
        ...base,
        customAddButtonText: ' Join ',
        subscription: { enabled: true, every: '2', unit: 'WEEK', cycles: '' },
      },
      { collectionId: 'c', currency: 'USD' },
    );
    expect(save).toMatchObject({
      customAddButtonText: 'Join',
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 },
    });
    expect(AdminProductSaveSchema.safeParse(save).success).toBe(true);
  });

  it('keeps variant ids and the version of an edit', () => {
    const draft = {
      ...draftOf(undefined),
      title: 'X',
      variants: [
        {
          id: 'v1',
          sku: 'X',
          attributes: {},
          price: '0.01',
          salePrice: '',
          onSale: false,
          qtyInStock: '',
          unlimited: true,
        },
      ],
    };
    expect(toProductSave(draft, { collectionId: 'c', currency: 'JPY', version: 4 })).toMatchObject({
      version: 4,
      variants: [{ id: 'v1', qtyInStock: 0, price: { currency: 'JPY' } }],
    });
  });

  it('sends back every field it loaded, so saving never drops images, file, form, merchandising, shipping or translations', () => {
    const product: AdminProduct = {
      id: 'p',
      collectionId: 'c',
      title: 'Print',
      urlId: 'print',
      excerpt: '',
      productType: 'physical',
      enabled: true,
      version: 2,
      imageUrl: null,
      variantOptionOrdering: ['Size'],
      variants: [
        {
          id: 'v',
          sku: 'P',
          attributes: { Size: 'A4' },
          price: { value: '900', currency: 'USD' },
          onSale: false,
          qtyInStock: 3,
          unlimited: false,
        },
      ],
      imageFileIds: ['f2', 'f1'],
      additionalFieldsFormId: 'form',
      merchandising: { scarcityEnabled: false, customSoldOutText: 'Gone', mailingListOptInByDefault: true },
      shipping: { weightGrams: 450, heightMm: 0 },
      translations: { fr: { title: 'Tirage' } },
      tags: [],
      categories: [],
      seo: { title: '', description: '', socialImage: '', noindex: false },
      createdAt: '2026-01-01T00:00:00Z',
    };
    const save = toProductSave(draftOf(product), {
      collectionId: 'c',
      currency: 'USD',
      version: 2,
      languages: ['fr'],
    });
    expect(save).toMatchObject({
      imageFileIds: ['f2', 'f1'],
      additionalFieldsFormId: 'form',
      merchandising: product.merchandising,
      shipping: product.shipping,
      translations: product.translations,
    });
    expect(AdminProductSaveSchema.safeParse(save).success).toBe(true);
  });

  it.each([
    ['store settings everywhere: no merchandising sent', {}, undefined],
    [
      'scarcity on with its text',
      { scarcity: 'on', scarcityText: ' {qtyInStock} left ' },
      { scarcityEnabled: true, scarcityText: '{qtyInStock} left' },
    ],
    ['scarcity off drops its text', { scarcity: 'off', scarcityText: 'x' }, { scarcityEnabled: false }],
    [
      'restock off, sign-up on',
      { restockNotifications: 'off', mailingListSignUp: 'on' },
      { restockNotificationsEnabled: false, mailingListSignUpEnabled: true },
    ],
  ] as const)('merchandising: %s', (_name, patch, expected) => {
    const draft: ProductDraft = {
      ...draftOf(undefined),
      title: 'X',
      variants: [{ ...draftOf(undefined).variants[0]!, sku: 'X', price: '0.01' }],
    };
    const save = toProductSave(
      { ...draft, merchandising: { ...draft.merchandising, ...patch } },
      { collectionId: 'c', currency: 'USD' },
    );
    expect(save.merchandising).toEqual(expected);
    expect(AdminProductSaveSchema.safeParse(save).success).toBe(true);
  });

  it('sends shipping only for a physical product, a file only for a digital one, and translations only for added languages', () => {
    const base: ProductDraft = {
      ...draftOf(undefined),
      title: 'X',
      variants: [{ ...draftOf(undefined).variants[0]!, sku: 'X', price: '0.01' }],
      shipping: { weightGrams: '12', lengthMm: '', widthMm: ' ', heightMm: '3' },
      digitalFileId: 'file',
      translations: {
        fr: { title: 'Fr', excerpt: '' },
        de: { title: 'De', excerpt: '' },
        es: { title: ' ', excerpt: '' },
      },
    };
    const physical = toProductSave(base, { collectionId: 'c', currency: 'USD', languages: ['fr', 'es'] });
    expect(physical.shipping).toEqual({ weightGrams: 12, heightMm: 3 });
    expect(physical).not.toHaveProperty('digitalFileId');
    expect(physical.translations).toEqual({ fr: { title: 'Fr' } });
    const digital = toProductSave(
      { ...base, productType: 'digital' },
      { collectionId: 'c', currency: 'USD' },
    );
    expect(digital).not.toHaveProperty('shipping');
    expect(digital.digitalFileId).toBe('file');
    expect(AdminProductSaveSchema.safeParse(digital).success).toBe(true);
  });
});
