import { z } from 'zod';
import { text } from '../text';

/** What the manager's tags and categories belong to: blog posts or products. */
export const TAG_COLLECTIONS = ['blog', 'products'] as const;
export type TagCollection = (typeof TAG_COLLECTIONS)[number];

const TAGS_BASE: Record<TagCollection, string> = {
  blog: '/api/editor/blog/tags',
  products: '/api/editor/store/tags',
};

/** The tag and category manager's calls (platform.md §2) for one collection, for the site's owners. */
export function tagsApi(collection: TagCollection) {
  const base = TAGS_BASE[collection];
  return { tags: base, rename: `${base}/rename`, merge: `${base}/merge`, remove: `${base}/remove` } as const;
}

/**
 * One product's tags and categories, set apart from the product form's save so the form never
 * overwrites what the manager merged: PUT with `productTagsSchema`, answers the stored names.
 */
export const PRODUCT_TAGS_ROUTE = '/api/editor/store/products/:id/tags';
export const productTagsPath = (productId: string) =>
  PRODUCT_TAGS_ROUTE.replace(':id', encodeURIComponent(productId));

export const TAG_TYPES = ['tag', 'category'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** platform.md §5: "Tag maximum length 50. Category maximum length 25." */
export const TAG_MAX_LENGTH: Record<TagType, number> = { tag: 50, category: 25 };

export const tagMessages = {
  // platform.md §5
  exists: (tagType: TagType) => `This ${tagType} already exists`,
  editOne: (tagType: TagType) => `You may only edit one ${tagType} at a time`,
  // ours
  required: (tagType: TagType) => `Enter a name for the ${tagType}`,
  tooLong: (tagType: TagType) => `A ${tagType} can be at most ${TAG_MAX_LENGTH[tagType]} characters`,
  notFound: (tagType: TagType) => `That ${tagType} no longer exists`,
  mergeInto: 'Choose what to merge into, other than the ones merged',
} as const;

/**
 * A tag or category name, trimmed, with its type's length limit counted in characters (code
 * points, so an emoji counts once). Two names are the same when they match ignoring case.
 */
export function tagNameError(tagType: TagType, name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return tagMessages.required(tagType);
  if ([...trimmed].length > TAG_MAX_LENGTH[tagType]) return tagMessages.tooLong(tagType);
  return undefined;
}

export const sameTag = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

const withName = <T extends z.ZodRawShape>(shape: T, key: keyof T & string) =>
  z.object({ type: z.enum(TAG_TYPES), ...shape }).superRefine((v, ctx) => {
    const name = (v as Record<string, unknown>)[key];
    const error = typeof name === 'string' ? tagNameError((v as { type: TagType }).type, name) : undefined;
    if (error) ctx.addIssue({ code: 'custom', path: [key], message: error });
  });

const nameList = z.array(text(200)).min(1).max(500);

export const createTagSchema = withName({ name: text(200) }, 'name');
/** One tag at a time; a list of several is refused with the spec's message. */
export const renameTagSchema = withName({ from: nameList, to: text(200) }, 'to').superRefine((v, ctx) => {
  if (v.from.length > 1)
    ctx.addIssue({ code: 'custom', path: ['from'], message: tagMessages.editOne(v.type) });
});
export const mergeTagsSchema = withName({ from: nameList, into: text(200) }, 'into').superRefine((v, ctx) => {
  if (v.from.some((f) => sameTag(f, v.into)))
    ctx.addIssue({ code: 'custom', path: ['into'], message: tagMessages.mergeInto });
});
export const removeTagsSchema = z.object({ type: z.enum(TAG_TYPES), names: nameList });
export const tagQuerySchema = z.object({
  type: z.enum(TAG_TYPES).default('tag'),
  filter: text(200).optional(),
});

/** Most names one item carries of each type. */
export const MAX_ITEM_TAGS = 50;

const itemNames = (tagType: TagType) =>
  z
    .array(z.string().max(200))
    .max(MAX_ITEM_TAGS)
    .superRefine((names, ctx) => {
      names.forEach((name, i) => {
        const error = tagNameError(tagType, name);
        if (error) ctx.addIssue({ code: 'custom', path: [i], message: error });
      });
    })
    // Trimmed, and each name once (ignoring case), in the order given.
    .transform((names) =>
      names.map((n) => n.trim()).filter((n, i, all) => all.findIndex((o) => sameTag(o, n)) === i),
    );

export const productTagsSchema = z.strictObject({
  tags: itemNames('tag'),
  categories: itemNames('category'),
});
export type ProductTags = z.infer<typeof productTagsSchema>;

export interface TagView {
  name: string;
  /** Items (posts or products) carrying it. */
  count: number;
}

/** Tags matching the manager's filter box (case-insensitive, anywhere in the name), by name. */
export function filterTags<T extends { name: string }>(tags: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase('en');
  return tags
    .filter((t) => needle === '' || t.name.toLocaleLowerCase('en').includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** An item's names after a merge: every source becomes the target, once, in the first one's place. */
export function mergeNames(names: readonly string[], from: readonly string[], into: string): string[] {
  const out: string[] = [];
  for (const name of names) {
    const next = from.some((f) => sameTag(f, name)) ? into : name;
    if (!out.some((o) => sameTag(o, next))) out.push(next);
  }
  return out;
}
