import { z } from 'zod';
import { LIMITS } from '../limits';
import { messages } from '../messages';
import { href, text } from '../text';
import type { SlideName } from './special-pages';

/** storefront.md §2: the splash page. platform.md calls the slide `cover-page`. */
export const COVER_PAGE_TYPE = 3;
export const COVER_PAGE_TEMPLATE = 'cover-page' satisfies SlideName;

/** platform.md "Page position: a 3x3 grid", read row by row from the top left. */
export const COVER_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type CoverPosition = (typeof COVER_POSITIONS)[number];

/**
 * platform.md lists upload, instagram, video and none; only an uploaded image (a file from the
 * file manager) and none are offered, since the site has no Instagram or video source to draw on.
 */
export const COVER_BACKGROUND_SOURCES = ['upload', 'none'] as const;

const link = href(LIMITS.maxUrlLength, messages.invalidLink);

export const coverPageSchema = z.object({
  /** Empty: the page's title. */
  headline: text(LIMITS.maxTitleLength).trim().default(''),
  text: text(LIMITS.maxShortText).trim().default(''),
  button: z
    .object({
      label: text(60).trim().min(1, messages.coverButtonLabelRequired),
      href: link.min(1, messages.invalidLink),
    })
    .nullable()
    .default(null),
  background: z
    .discriminatedUnion('source', [
      z.object({
        source: z.literal('upload'),
        src: link.min(1, messages.coverImageRequired),
        /** Empty: the image is decoration (the headline says what the page is). */
        alt: text(250).trim().default(''),
      }),
      z.object({ source: z.literal('none') }),
    ])
    .default({ source: 'none' }),
  position: z.enum(COVER_POSITIONS).default('center'),
});
export type CoverPage = z.output<typeof coverPageSchema>;

/** What a cover page's template shows; settings that no longer parse show the page's title alone. */
export function coverPageView(title: string, stored: unknown) {
  const parsed = coverPageSchema.safeParse(stored ?? {});
  const cover = parsed.success ? parsed.data : coverPageSchema.parse({});
  const [row, column] = cover.position === 'center' ? ['middle', 'center'] : cover.position.split('-');
  return {
    headline: cover.headline || title,
    text: cover.text,
    button: cover.button ?? undefined,
    image:
      cover.background.source === 'upload'
        ? { src: cover.background.src, alt: cover.background.alt }
        : undefined,
    position: cover.position,
    row,
    column,
  };
}
