import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineBlock, type InspectorField } from './define-block';
import { BLOCK_DEFINITIONS, BLOCKS, blockDefinition, type BlockSettings, type BlockType } from './registry';

const settings = z.object({
  title: z.string().default(''),
  wrap: z.boolean().default(false),
  items: z.array(z.object({ label: z.string(), url: z.string() })).default([]),
});

// The type checker is the test here: `pnpm typecheck` fails if a line marked @ts-expect-error compiles.
const demo = defineBlock({
  type: 'demo',
  code: 1,
  label: 'Demo',
  category: 'basic',
  description: 'A block for the type test.',
  settings,
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: 10 },
    // @ts-expect-error a misspelt key is not a setting of this block
    { key: 'titel', label: 'Title', kind: 'text', maxLength: 10 },
    // @ts-expect-error the plain-text fallback must be a setting too
    { key: 'title', label: 'Title', kind: 'richtext', maxLength: 10, plainTextKey: 'txt' },
    {
      key: 'items',
      label: 'Links',
      kind: 'list',
      itemLabel: 'Link',
      maxItems: 3,
      fields: [
        { key: 'url', label: 'URL', kind: 'url', maxLength: 100 },
        // @ts-expect-error an item's field names a key of the list's items, not of the block
        { key: 'wrap', label: 'Wrap', kind: 'toggle' },
      ],
    },
  ],
  adjust: (s) => s,
  template: '{title}',
});

/** Every key a field names, with the keys its schema has, through list items. */
function unknownKeys(
  fields: readonly InspectorField[],
  shape: Record<string, z.ZodType>,
  at: string,
): string[] {
  return fields.flatMap((field) => {
    const named = [
      field.key,
      ...('plainTextKey' in field && field.plainTextKey ? [field.plainTextKey] : []),
      ...('languageKey' in field && field.languageKey ? [field.languageKey] : []),
      ...('doubleOptInKey' in field ? [field.doubleOptInKey] : []),
    ];
    const missing = named.filter((k) => !(k in shape)).map((k) => `${at}.${k}`);
    if (field.kind !== 'list' || !(field.key in shape)) return missing;
    const item = itemShape(shape[field.key]!);
    return [...missing, ...unknownKeys(field.fields, item, `${at}.${field.key}[]`)];
  });
}

function itemShape(schema: z.ZodType): Record<string, z.ZodType> {
  let inner: unknown = schema;
  // Defaults and optionals wrap the array; the array wraps the item object.
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap();
  if (!(inner instanceof z.ZodArray) || !(inner.element instanceof z.ZodObject)) return {};
  return inner.element.shape as Record<string, z.ZodType>;
}

describe('block definitions', () => {
  it('keep a block’s settings type through defineBlock and the registry', () => {
    expectTypeOf(demo.type).toEqualTypeOf<'demo'>();
    expectTypeOf<z.infer<typeof demo.settings>>().toEqualTypeOf<{
      title: string;
      wrap: boolean;
      items: { label: string; url: string }[];
    }>();
    expectTypeOf<BlockSettings<'heading'>>().toEqualTypeOf<{
      text: string;
      level: 1 | 2 | 3 | 4;
      align: 'left' | 'center' | 'right';
    }>();
    expectTypeOf<'heading'>().toExtend<BlockType>();
    expectTypeOf<'headline'>().not.toExtend<BlockType>();
  });

  it('name only keys of their settings in every inspector field, list items included', () => {
    const missing = BLOCKS.flatMap((d) =>
      unknownKeys(
        d.fields as readonly InspectorField[],
        d.settings.shape as Record<string, z.ZodType>,
        d.type,
      ),
    );
    expect(missing).toEqual([]);
    // The check itself sees a wrong key (the demo's misspelt ones).
    expect(unknownKeys(demo.fields, demo.settings.shape, 'demo')).toEqual([
      'demo.titel',
      'demo.txt',
      'demo.items[].wrap',
    ]);
  });

  it('Max gallery size 50: a gallery block keeps 50 images and refuses a 51st in words', () => {
    const schema = blockDefinition('gallery')!.settings;
    const image = { src: '/assets/demo/tote.svg' };
    expect(schema.safeParse({ images: Array.from({ length: 50 }, () => image) }).success).toBe(true);
    const over = schema.safeParse({ images: Array.from({ length: 51 }, () => image) });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['images', 'A gallery holds at most 50 images. Remove one to add another.'],
    ]);
  });

  it('are listed once each and found by their type', () => {
    expect(BLOCK_DEFINITIONS).toBe(BLOCKS);
    expect(new Set(BLOCKS.map((d) => d.type)).size).toBe(BLOCKS.length);
    for (const d of BLOCKS) expect(blockDefinition(d.type)).toBe(d);
    expect(blockDefinition('headline')).toBeUndefined();
  });

  it('carry a code of their own, but heading and text, which are one text block in platform.md §3', () => {
    const byCode = new Map<number, string[]>();
    for (const d of BLOCKS) byCode.set(d.code, [...(byCode.get(d.code) ?? []), d.type]);
    const shared = [...byCode.values()].filter((types) => types.length > 1);
    expect(shared).toEqual([['heading', 'text']]);
  });
});
