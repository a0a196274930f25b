import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdminProductSaveSchema } from './product-input';
import { fillSkus, skuStem } from './sku';

const variant = (sku: string, attributes: Record<string, string> = {}) => ({ sku, attributes });

describe('skuStem', () => {
  it.each([
    ['Linen tote', ['Red', 'L'], 'LINEN-TOTE-RED-L'],
    ['Crème brûlée set', [], 'CREME-BRULEE-SET'],
    ['  Poster!! (A2) ', ['A2 / matte'], 'POSTER-A2-A2-MATTE'],
    [
      'A very long product title that goes on and on',
      ['Extraordinarily blue'],
      'A-VERY-LONG-PRODUCT-TITL-EXTRAORDINAR',
    ],
    ['茶碗', [], 'SKU'],
    ['茶碗', ['大'], 'SKU'],
  ])('%j %j → %s', (title, values, stem) => expect(skuStem(title, values)).toBe(stem));
});

describe('fillSkus', () => {
  it('keeps typed SKUs and makes the empty ones from the title and options', () => {
    const filled = fillSkus(
      'Tote',
      ['Colour'],
      [
        variant('', { Colour: 'Red' }),
        variant('MY-SKU', { Colour: 'Blue' }),
        variant('', { Colour: 'Green' }),
      ],
      [],
    );
    expect(filled.map((v) => v.sku)).toEqual(['TOTE-RED', 'MY-SKU', 'TOTE-GREEN']);
  });

  it('numbers a SKU the site already uses, ignoring case, and one typed in the same save', () => {
    const filled = fillSkus('Tote', [], [variant(''), variant('tote-2'), variant('')], ['TOTE', 'tote-3']);
    expect(filled.map((v) => v.sku)).toEqual(['TOTE-4', 'tote-2', 'TOTE-5']);
  });

  it('makes SKUs the save schema takes: unique, without spaces, at most 80 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.array(fc.string({ maxLength: 120 }), { minLength: 1, maxLength: 30 }),
        fc.array(
          fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/\s/g, 'x')),
          { maxLength: 20 },
        ),
        (title, values, taken) => {
          const variants = values.map((v) => variant('', { Size: v }));
          const skus = fillSkus(title, ['Size'], variants, taken).map((v) => v.sku);
          const lowered = skus.map((s) => s.toLowerCase());
          expect(new Set(lowered).size).toBe(skus.length);
          for (const s of lowered) expect(taken.map((t) => t.toLowerCase())).not.toContain(s);
          for (const s of skus) expect(s).toMatch(/^[A-Z0-9-]{1,80}$/);
        },
      ),
    );
  });

  it('lets a save leave the SKU out or empty', () => {
    const save = AdminProductSaveSchema.parse({
      collectionId: 'shop',
      title: 'Tote',
      productType: 'physical',
      variants: [
        { price: { value: '850', currency: 'USD' } },
        { sku: '', price: { value: '850', currency: 'USD' } },
      ],
    });
    expect(save.variants.map((v) => v.sku)).toEqual(['', '']);
  });
});
