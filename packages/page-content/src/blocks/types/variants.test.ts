import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../document/page-document';
import { renderBlock } from '../../render/render-document';
import { BLOCKS } from '../registry';
import { BLOCK_VARIANT_CODES } from './variants';

describe('block variants', () => {
  const variants = BLOCKS.flatMap((d) => (d.variants ?? []).map((v) => ({ type: d.type, ...v })));

  it('have distinct codes between 1000 and 1019', () => {
    const codes = variants.map((v) => v.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toBeGreaterThanOrEqual(BLOCK_VARIANT_CODES.min);
      expect(code).toBeLessThanOrEqual(BLOCK_VARIANT_CODES.max);
    }
    expect(variants.map((v) => v.type)).toEqual(expect.arrayContaining(['quote', 'accordion', 'summary']));
  });

  it.each(['quote', 'accordion', 'summary'])(
    'give a stored %s block without one its former layout',
    (type) => {
      const parsed = blockSchema.parse({ id: 'b', type, settings: {} });
      const first = BLOCKS.find((d) => d.type === type)!.variants![0]!;
      expect(parsed.settings.variant).toBe(first.value);
      // Rendering a stored document that never parsed through the schema gets the same default.
      expect(renderBlock({ id: 'b', type, settings: {} }).html).toContain(
        `data-block-variant="${first.code}"`,
      );
    },
  );

  it.each(variants.map((v) => [v.type, v.value, v.code] as const))(
    'renders the %s %s layout (code %i)',
    (type, value, code) => {
      const html = renderBlock(blockSchema.parse({ id: 'b', type, settings: { variant: value } })).html;
      expect(html).toContain(`data-block-variant="${code}"`);
      expect(html).toContain(`${type}-block--${value}`);
    },
  );

  it('refuses a layout the block does not have', () => {
    expect(blockSchema.safeParse({ id: 'b', type: 'quote', settings: { variant: 'carousel' } }).success).toBe(
      false,
    );
  });
});
