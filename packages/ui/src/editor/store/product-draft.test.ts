import { describe, expect, it } from 'vitest';
import { sampleProducts } from './sample-store';
import { draftOf, moveItem, renameOption, withProductType } from './product-draft';

describe('moveItem', () => {
  it.each([
    [['a', 'b', 'c'], 1, -1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 1, 1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 1, ['a', 'b', 'c']],
    [['a'], 5, 1, ['a']],
  ] as const)('%j moving %i by %i gives %j', (items, index, by, expected) => {
    expect(moveItem(items, index, by)).toEqual(expected);
  });
});

describe('renameOption', () => {
  it('renames the option and the key of every variant value, keeping the order', () => {
    const draft = renameOption(draftOf(sampleProducts[0]), 0, 'Format');
    expect(draft.options).toEqual(['Format', 'Paper']);
    expect(draft.variants[0]!.attributes).toEqual({ Format: 'A4', Paper: 'Matte' });
  });

  it('ignores an option that is not there', () => {
    const draft = draftOf(sampleProducts[0]);
    expect(renameOption(draft, 7, 'X')).toBe(draft);
  });
});

describe('withProductType', () => {
  const physical = { ...draftOf(sampleProducts[0]), digitalFileId: 'f' };
  it('keeps one variant without options for a digital product', () => {
    const digital = withProductType(physical, 'digital');
    expect(digital.options).toEqual([]);
    expect(digital.variants).toHaveLength(1);
    expect(digital.variants[0]!.attributes).toEqual({});
  });

  it('gives a gift card the option Amount, no subscription and no file', () => {
    const giftCard = withProductType(
      { ...physical, subscription: { ...physical.subscription, enabled: true } },
      'giftCard',
    );
    expect(giftCard).toMatchObject({
      options: ['Amount'],
      digitalFileId: '',
      subscription: { enabled: false },
    });
  });

  it('drops the digital file when the product stops being digital', () => {
    expect(withProductType(physical, 'service').digitalFileId).toBe('');
  });
});
