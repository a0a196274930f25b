import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { previewError, priceRefusal } from './product-preview';

describe('previewError', () => {
  it.each([
    [[{ path: ['title'], message: 'Enter a value.' }], 'Title: Enter a value.'],
    [
      [{ path: ['variants', 1, 'price', 'value'], message: 'Enter the amount' }],
      'Variant 2, Price: Enter the amount',
    ],
    [[{ path: ['variants'], message: 'A gift card has one option' }], 'A gift card has one option'],
    [[], 'Refused'],
  ])('names the field the refusal is about (%j)', (issues, message) => {
    expect(previewError(new ApiError(400, 'INVALID', 'Refused', issues))).toBe(message);
  });
});

describe('priceRefusal', () => {
  it('names the first price the form refuses, and nothing for other refusals', () => {
    expect(
      priceRefusal({
        pendingOption: 'Press “Add option”',
        'variants.1.price.value': 'Type an amount in USD with digits, like 8.50.',
      }),
    ).toBe('Variant 2, Price: Type an amount in USD with digits, like 8.50.');
    expect(priceRefusal({ pendingOption: 'Press “Add option”' })).toBeUndefined();
  });
});
