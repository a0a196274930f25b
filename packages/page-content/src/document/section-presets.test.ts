import { describe, expect, it } from 'vitest';
import { pageDocumentSchema } from './page-document';
import { SECTION_PRESETS } from './section-presets';

describe('section presets', () => {
  it('offers the seven presets of issue 27', () => {
    expect(SECTION_PRESETS.map((p) => p.label)).toEqual([
      'Hero',
      'Features',
      'Gallery',
      'Testimonials',
      'Product grid',
      'Newsletter',
      'Contact',
    ]);
  });

  it.each(SECTION_PRESETS.map((p) => [p.label, p] as const))(
    'makes a %s section the schema accepts unchanged, with fresh ids each time',
    (_, preset) => {
      const made = preset.create();
      expect(pageDocumentSchema.parse({ sections: [made] }).sections[0]).toEqual(made);
      expect(made.phoneOrder).toHaveLength(made.blocks.length);
      expect(preset.create().blocks[0]!.id).not.toBe(made.blocks[0]!.id);
    },
  );

  it('puts blocks side by side on desktop where a preset has columns', () => {
    const hero = SECTION_PRESETS.find((p) => p.key === 'hero')!.create();
    const picture = hero.blocks.find((b) => b.type === 'image')!;
    expect(picture.place).toEqual({ column: 8, span: 5, row: 1, rows: 3 });
    // On a phone the picture comes right after the title.
    expect(hero.phoneOrder!.indexOf(picture.id)).toBe(1);
  });
});
