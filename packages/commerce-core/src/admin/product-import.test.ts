import { describe, expect, it } from 'vitest';
import { productsFromCsv } from './product-import';

const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Status',
];
const read = (rows: string[][]) =>
  productsFromCsv([HEADER, ...rows], { currency: 'USD', collectionId: 'c1' });

describe('productsFromCsv (Shopify product CSV)', () => {
  it('makes one product of the rows sharing a handle, options and prices as written', () => {
    const result = read([
      ['mug', 'Mug', '<p>Stoneware</p>', 'Size', 'Small', 'MUG-S', '12.00', '', '4', 'active'],
      ['mug', '', '', '', 'Large', 'MUG-L', '15.50', '18', '', ''],
      ['mug', '', '', '', '', '', '', '', '', ''],
      ['tee', 'Tee', '', 'Title', 'Default Title', '', '20', '', '', 'draft'],
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [mug, tee] = result.products;
    expect(mug).toMatchObject({
      row: 2,
      input: {
        title: 'Mug',
        enabled: true,
        variantOptionOrdering: ['Size'],
        variants: [
          {
            sku: 'MUG-S',
            attributes: { Size: 'Small' },
            price: { value: '1200' },
            qtyInStock: 4,
            onSale: false,
          },
          {
            sku: 'MUG-L',
            attributes: { Size: 'Large' },
            price: { value: '1800' },
            salePrice: { value: '1550' },
            onSale: true,
            qtyInStock: 0,
          },
        ],
      },
    });
    expect(tee).toMatchObject({ row: 5, input: { title: 'Tee', enabled: false, variantOptionOrdering: [] } });
  });

  it.each([
    [['a', '', '', '', '', '', '1', '', '', ''], 'Row 2: the first row of "a" needs a Title.'],
    [['a', 'A', '', '', '', '', 'ten', '', '', ''], /^Row 2: Variant Price "ten": /],
    [['a', 'A', '', '', '', '', '', '', '', ''], /^Row 2: Variant Price "": /],
    [['a', 'A', '', '', '', '', '1', 'x', '', ''], /^Row 2: Variant Compare At Price "x": /],
    [
      ['a', 'A', '', '', '', '', '1', '', '-3', ''],
      'Row 2: Variant Inventory Qty "-3" is not a whole number of 0 or more.',
    ],
    [['a', 'A', '', '', '', 'has space', '1', '', '', ''], /^Row 2: /],
  ])('refuses a bad product with its row and reason: %j', (row, message) => {
    const result = read([row, ['b', 'B', '', '', '', '', '2', '', '', '']]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [bad, good] = result.products;
    expect(bad && 'error' in bad ? bad.error : '').toMatch(message);
    expect(good).toMatchObject({ row: 3, input: { title: 'B' } });
  });

  it('refuses a file without the columns it needs, or without rows', () => {
    const noPrice = productsFromCsv([['Handle', 'Title']], { currency: 'USD', collectionId: 'c1' });
    expect(noPrice).toEqual({
      ok: false,
      message:
        'The file needs the columns Handle, Title, Variant Price, as in a Shopify product export. Missing: Variant Price.',
    });
    expect(read([])).toEqual({ ok: false, message: 'The file has a header but no products.' });
    expect(productsFromCsv([], { currency: 'USD', collectionId: 'c1' }).ok).toBe(false);
  });
});
