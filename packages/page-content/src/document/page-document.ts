import { z } from 'zod';
import { blockDefinition } from '../blocks/registry';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { firstOverlap, layoutDocument, layoutSection, placementSchema, type Placement } from './section-grid';

/** Block and section ids are made by the editor; kept short and URL-safe so they can sit in attributes. */
export const contentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Ids are 1 to 64 letters, digits, - or _.');

export interface Block {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  /** Where the block sits on its section's desktop grid; a block saved before the grid has none (see layoutSection). */
  place?: Placement;
}

/**
 * A block whose settings are checked against its type's schema; the parsed block carries every
 * setting, defaults filled in. An unknown type is refused with the editor's message.
 */
export const blockSchema = z
  .object({
    id: contentIdSchema,
    type: z.string().max(40),
    settings: z.record(z.string(), z.unknown()).default({}),
    place: placementSchema.optional(),
  })
  .transform((block, ctx): Block => {
    const definition = blockDefinition(block.type);
    if (!definition) {
      ctx.addIssue({ code: 'custom', message: messages.unknownBlockType(block.type), path: ['type'] });
      return z.NEVER;
    }
    const parsed = definition.settings.safeParse(block.settings);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['settings', ...issue.path] });
      }
      return z.NEVER;
    }
    const settings = parsed.data as Record<string, unknown>;
    return block.place
      ? { id: block.id, type: block.type, settings, place: block.place }
      : { id: block.id, type: block.type, settings };
  });

export const SECTION_BACKGROUNDS = ['default', 'muted', 'accent', 'dark'] as const;
export const SECTION_WIDTHS = ['narrow', 'wide', 'full'] as const;

/**
 * A section: a 12-column grid on desktop, one column in the phone order on a phone. Parsing lays
 * it out (section-grid.ts), which is also how a page saved before the grid is migrated; two
 * blocks sharing a cell are refused.
 */
export const sectionSchema = z
  .object({
    id: contentIdSchema,
    background: z.enum(SECTION_BACKGROUNDS).default('default'),
    width: z.enum(SECTION_WIDTHS).default('wide'),
    blocks: z
      .array(blockSchema)
      .max(LIMITS.maxBlocksPerLayout, messages.tooManyBlocks(LIMITS.maxBlocksPerLayout)),
    /** Block ids top to bottom on a phone; ids of other sections' blocks are dropped, missing ones follow in reading order. */
    phoneOrder: z.array(contentIdSchema).max(LIMITS.maxBlocksPerLayout).optional(),
  })
  .superRefine((section, ctx) => {
    const pair = firstOverlap(section.blocks);
    if (pair) {
      ctx.addIssue({
        code: 'custom',
        message: messages.gridOverlap(pair[0].id, pair[1].id),
        path: ['blocks', section.blocks.indexOf(pair[1]), 'place'],
      });
    }
  })
  // Typed as the input: phoneOrder stays optional, so sections built in code need not spell it out.
  .transform((section): typeof section => layoutSection(section));
export type Section = z.infer<typeof sectionSchema>;

export function countBlocks(document: { sections: readonly { blocks: readonly unknown[] }[] }): number {
  return document.sections.reduce((n, s) => n + s.blocks.length, 0);
}

/** A page's content: sections of blocks, at most 60 blocks in all (platform.md §9). */
export const pageDocumentSchema = z
  .object({
    sections: z.array(sectionSchema).max(LIMITS.maxSectionsPerPage),
  })
  .superRefine((document, ctx) => {
    if (countBlocks(document) > LIMITS.maxBlocksPerLayout) {
      ctx.addIssue({
        code: 'custom',
        message: messages.tooManyBlocks(LIMITS.maxBlocksPerLayout),
        path: ['sections'],
      });
    }
    const seen = new Set<string>();
    for (const [s, section] of document.sections.entries()) {
      for (const [b, block] of [{ id: section.id }, ...section.blocks].entries()) {
        if (seen.has(block.id)) {
          ctx.addIssue({
            code: 'custom',
            message: `Id ${block.id} is used twice.`,
            path: ['sections', s, ...(b ? ['blocks', b - 1] : [])],
          });
        }
        seen.add(block.id);
      }
    }
  });
export type PageDocument = z.infer<typeof pageDocumentSchema>;

/** A fresh id for a block or section; random enough that two editors never collide. */
export function newContentId(prefix: 'b' | 's'): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes)
    id += 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'[byte & 63];
  return `${prefix}${id}`;
}

/** A new block of a type with its default settings. */
export function createBlock(type: string): Block {
  const definition = blockDefinition(type);
  if (!definition) throw new Error(messages.unknownBlockType(type));
  return { id: newContentId('b'), type, settings: definition.settings.parse({}) as Record<string, unknown> };
}

export function emptyDocument(title = ''): PageDocument {
  const heading = createBlock('heading');
  heading.settings = { ...heading.settings, text: title || 'A new page', level: 1 };
  return layoutDocument({
    sections: [{ id: newContentId('s'), background: 'default', width: 'wide', blocks: [heading] }],
  });
}
