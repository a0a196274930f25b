import { isSafeHref } from '@site/page-content';
import { z } from 'zod';

/**
 * Website settings `popupOverlay`: the promotional pop-up (page type 104). With `newsletter` it
 * carries an email sign-up into a mailing list (the default list when none is named), checked by
 * the site's captcha like the newsletter block.
 */
export const PopupOverlaySettings = z.object({
  enabled: z.literal(true),
  version: z.number().int().min(0),
  title: z.string().min(1).max(200),
  body: z.string().max(1000).default(''),
  action: z.object({ label: z.string().min(1).max(60), href: z.string().max(2000).refine(isSafeHref) }).optional(),
  newsletter: z
    .object({
      listId: z.string().min(1).max(200).optional(),
      doubleOptIn: z.boolean().default(true),
      buttonLabel: z.string().min(1).max(60).default('Sign up'),
      placeholder: z.string().min(1).max(100).default('Email address'),
    })
    .optional(),
  delaySeconds: z.number().int().min(0).max(120).default(5),
  hideForDays: z.number().int().min(0).max(365).default(7),
});
export type PopupOverlay = z.infer<typeof PopupOverlaySettings>;

/** The pop-up the owner turned on, or undefined when it is off or not a valid pop-up. */
export function popupOverlaySettings(settings: unknown): PopupOverlay | undefined {
  const parsed = PopupOverlaySettings.safeParse((settings as { popupOverlay?: unknown } | null | undefined)?.popupOverlay);
  return parsed.success ? parsed.data : undefined;
}
