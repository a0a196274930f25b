import { describe, expect, it } from 'vitest';
import { isColourOption, variantChoices } from './product-item';

const v = (attributes: Record<string, string>, qtyInStock = 1, unlimited = false) => ({
  attributes,
  qtyInStock,
  unlimited,
});
const label = (name: string) => `Select ${name}`;

describe('variant choices of the product page', () => {
  it.each([
    ['Color', true],
    ['colour', true],
    [' Colors ', true],
    ['Size', false],
    ['Colorway', false],
    ['Watercolor', false],
  ])('shows option %j as swatches: %s', (name, swatches) => {
    expect(isColourOption(name)).toBe(swatches);
  });

  it('lists each option once with its values in first-use order, colours as swatches with their colour', () => {
    const choices = variantChoices(
      {
        variantOptionOrdering: ['Size', 'Color'],
        variants: [
          v({ Size: 'M', Color: 'Rust' }),
          v({ Size: 'S', Color: 'Blue' }),
          v({ Size: 'M', Color: 'Blue' }),
        ],
      },
      label,
    );
    expect(choices.map((c) => [c.name, c.swatches, c.selectLabel, c.values.map((x) => x.value)])).toEqual([
      ['Size', undefined, 'Select Size', ['M', 'S']],
      ['Color', true, 'Select Color', ['Rust', 'Blue']],
    ]);
    expect(choices[1]!.values.map((x) => x.color)).toEqual(['#a4482a', '#3f5d7d']);
    // Ids are unique on the page and the radios of one option share a name (one group).
    const ids = choices.flatMap((c) => c.values.map((x) => x.inputId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(choices[1]!.values.map((x) => x.inputName)).size).toBe(1);
  });

  it('marks a value sold out only when no variant carrying it has stock', () => {
    const [colour] = variantChoices(
      {
        variantOptionOrdering: ['Color'],
        variants: [
          v({ Color: 'Olive' }, 0),
          v({ Color: 'Olive' }, 0, true),
          v({ Color: 'Black' }, 0),
          v({ Color: 'Sand' }, 2),
        ],
      },
      label,
    );
    expect(colour!.values.map((x) => [x.value, x.soldOut])).toEqual([
      ['Olive', undefined],
      ['Black', true],
      ['Sand', undefined],
    ]);
  });

  it('takes the owner’s swatch colours when they are plain hex, never anything that could escape the style attribute', () => {
    const [colour] = variantChoices(
      {
        variantOptionOrdering: ['Color'],
        variants: [v({ Color: 'Moss' }), v({ Color: 'Blue' }), v({ Color: 'Ink' }), v({ Color: 'Fog' })],
        swatchColors: { Moss: '#5a6b3a', Blue: 'red;background:url(//evil)', Ink: '#12', Fog: 42 },
      },
      label,
    );
    // Blue falls back to the built-in shade; unknown names get no colour (a text swatch).
    expect(colour!.values.map((x) => x.color)).toEqual(['#5a6b3a', '#3f5d7d', undefined, undefined]);
  });

  it('offers no choice for a product with one variant', () => {
    expect(
      variantChoices({ variantOptionOrdering: ['Color'], variants: [v({ Color: 'Blue' })] }, label),
    ).toEqual([]);
  });
});
