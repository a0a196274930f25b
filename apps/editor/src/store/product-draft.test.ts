import { AdminProductSaveSchema } from '@site/commerce-core/admin';
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
          price: '1500',
          salePrice: ' ',
          onSale: false,
          qtyInStock: '4',
          unlimited: false,
        },
      ],
    };
    const save = toProductSave(draft, { collectionId: 'shop', currency: 'USD' });
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

  it('sends the subscription plan and button text only when set', () => {
    const base = {
      ...draftOf(undefined),
      title: 'Club',
      variants: [
        {
          sku: 'C',
          attributes: {},
          price: '1000',
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
          price: '1',
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
});
