import type { z } from 'zod';
import type { BlockCategory, BlockDefinition } from './define-block';
import {
  accordionBlock,
  buttonBlock,
  codeBlock,
  headingBlock,
  lineBlock,
  quoteBlock,
  spacerBlock,
  textBlock,
} from './types/basic';
import { chartBlock } from './types/chart';
import { countdownBlock } from './types/countdown';
import { marqueeBlock } from './types/marquee';
import { memberAreaBlock } from './types/member-area';
import { menuBlock } from './types/menu';
import { pricingPlanBlock } from './types/pricing';
import { websiteComponentBlock } from './types/website-component';
import { donationBlock } from './types/donation';
import { productBlock, summaryBlock } from './types/commerce';
import { formBlock, newsletterBlock, reservationBlock } from './types/engagement';
import {
  audioBlock,
  embedBlock,
  galleryBlock,
  imageBlock,
  mapBlock,
  socialLinksBlock,
  videoBlock,
} from './types/media';

/**
 * Every block an owner can place, in the order the block picker lists them. The tuple keeps each
 * block's own type (its name and settings); `satisfies` checks each against `BlockDefinition`.
 */
export const BLOCKS = [
  headingBlock,
  textBlock,
  imageBlock,
  buttonBlock,
  quoteBlock,
  productBlock,
  summaryBlock,
  pricingPlanBlock,
  donationBlock,
  galleryBlock,
  videoBlock,
  audioBlock,
  mapBlock,
  embedBlock,
  codeBlock,
  formBlock,
  newsletterBlock,
  memberAreaBlock,
  menuBlock,
  reservationBlock,
  countdownBlock,
  marqueeBlock,
  chartBlock,
  socialLinksBlock,
  accordionBlock,
  spacerBlock,
  lineBlock,
  websiteComponentBlock,
] as const satisfies readonly BlockDefinition[];

/** The same list, as code that handles any block (the picker, the inspector, the renderer) reads it. */
export const BLOCK_DEFINITIONS: readonly BlockDefinition[] = BLOCKS;

/**
 * The block types the Add panel lists by category. A website component is placed from the site's
 * own components (each one its entry), never as an empty block.
 */
export const PICKABLE_BLOCKS: readonly BlockDefinition[] = BLOCK_DEFINITIONS.filter(
  (d) => d.type !== websiteComponentBlock.type,
);

/** The name of a block type the registry knows. */
export type BlockType = (typeof BLOCKS)[number]['type'];

/** The settings of one block type, as its schema gives them. */
export type BlockSettings<T extends BlockType> = z.infer<
  Extract<(typeof BLOCKS)[number], { type: T }>['settings']
>;

const byType = new Map(BLOCK_DEFINITIONS.map((d) => [d.type, d]));

export function blockDefinition(type: string): BlockDefinition | undefined {
  return byType.get(type);
}

export const BLOCK_CATEGORIES: readonly { id: BlockCategory; label: string }[] = [
  { id: 'basic', label: 'Basic' },
  { id: 'media', label: 'Media' },
  { id: 'commerce', label: 'Commerce' },
  { id: 'layout', label: 'Layout' },
  { id: 'more', label: 'More' },
];
