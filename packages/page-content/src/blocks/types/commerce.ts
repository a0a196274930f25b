import { z } from 'zod';
import { LIMITS } from '../../limits';
import { text } from '../../text';
import { defineBlock, type BlockRenderData } from '../define-block';
import { SUMMARY_VARIANTS, variantSchema } from './variants';

const id = text(200);

/** Prices in a block read the site's store settings (the zero-price label) as a page's do. */
const siteSettingsOf = (data: BlockRenderData) =>
  data.websiteSettings ? { websiteSettings: data.websiteSettings } : {};

const productCard =
  '<li class="product-card" data-item-id="{id|htmlattr}"><a href="{fullUrl|htmlattr}">{.section assetUrl}<img src="{@|htmlattr}?format=500w" alt="" loading="lazy" decoding="async">{.end}<h3 class="product-title">{title|htmltag}</h3></a>{@|product-status}{@|product-price}</li>';

export const productBlock = defineBlock({
  type: 'product',
  code: 43,
  label: 'Product',
  category: 'commerce',
  description: 'One product from the store with its price.',
  settings: z.object({
    productId: id.default(''),
    showExcerpt: z.boolean().default(true),
    buttonLabel: text(100).default('View product'),
  }),
  fields: [
    { key: 'productId', label: 'Product', kind: 'product' },
    { key: 'showExcerpt', label: 'Show description', kind: 'toggle' },
    { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
  ],
  references: (s) => ({ products: s.productId ? [s.productId] : [] }),
  view: (s, data) => ({ ...s, ...siteSettingsOf(data), product: data.products.get(s.productId) }),
  template:
    '<div class="product-block">{.section product}<a class="product-block__image" href="{fullUrl|htmlattr}">{.section assetUrl}<img src="{@|htmlattr}?format=750w" alt="{title|htmlattr}" loading="lazy" decoding="async">{.end}</a><div class="product-block__info"><h3 class="product-title"><a href="{fullUrl|htmlattr}">{title|htmltag}</a></h3>{@|product-status}{@|product-price}{.if showExcerpt}<div class="product-excerpt">{excerpt}</div>{.end}<a class="button button--primary button--medium" href="{fullUrl|htmlattr}">{buttonLabel|htmltag}</a></div>{.or}<div class="block-empty">Choose a product to show</div>{.end}</div>',
});

// Any other collection: a card per item with its picture, date and excerpt.
const itemCard =
  '<li class="summary-item">{.section src}<a class="summary-item__image" href="{fullUrl|htmlattr}" tabindex="-1" aria-hidden="true"><img src="{@|htmlattr}" alt="" loading="lazy" decoding="async"></a>{.end}<h3 class="summary-item__title"><a href="{fullUrl|htmlattr}">{title|htmltag}</a></h3>{.section startDate}<p class="summary-item__date"><time>{@|date %a, %B %e, %Y · %l:%M %p}</time></p>{.or}{.section publishOn}<p class="summary-item__date"><time>{@|date %B %e, %Y}</time></p>{.end}{.end}{.section summaryExcerpt}<p class="summary-item__excerpt">{@|htmltag}</p>{.end}</li>';

export const summaryBlock = defineBlock({
  type: 'summary',
  code: 55,
  label: 'Summary',
  category: 'commerce',
  description:
    'The latest items of a collection (the shop, a blog, events, a gallery, an album or videos) as a grid, a list or a carousel.',
  variants: SUMMARY_VARIANTS,
  settings: z.object({
    variant: variantSchema(SUMMARY_VARIANTS),
    collectionId: id.default(''),
    title: text(LIMITS.maxShortText).default('From the shop'),
    limit: z.number().int().min(1).max(30).default(4),
  }),
  fields: [
    { key: 'collectionId', label: 'Collection', kind: 'collection' },
    { key: 'variant', label: 'Layout', kind: 'select', options: SUMMARY_VARIANTS },
    { key: 'title', label: 'Header text', kind: 'text', maxLength: LIMITS.maxShortText },
    { key: 'limit', label: 'Number of items', kind: 'number', min: 1, max: 30 },
  ],
  references: (s) => ({ collections: s.collectionId ? [s.collectionId] : [] }),
  view: (s, data) => {
    const collection = data.collections.get(s.collectionId);
    if (!collection) return { ...s, collection: undefined };
    const products = (collection.typeName ?? 'products') === 'products';
    return {
      ...s,
      ...siteSettingsOf(data),
      products,
      collection: { ...collection, items: collection.items.slice(0, s.limit) },
    };
  },
  template: `<section class="summary-block summary-block--{variant}">{.section title}<h2>{@|htmltag}</h2>{.end}{.section collection}{.if products}<ul class="product-grid">{.repeated section items}${productCard}{.end}</ul>{.or}<ul class="summary-list summary-list--{typeName|htmlattr}">{.repeated section items}${itemCard}{.end}</ul>{.end}{.or}<div class="block-empty">Choose a collection to summarise</div>{.end}</section>`,
});
