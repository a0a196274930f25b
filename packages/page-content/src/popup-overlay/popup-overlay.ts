import { z } from 'zod';
import { messages } from '../messages';
import { isSafeHref, isStorableText, STORABLE_TEXT_MESSAGE, text } from '../text';

/** The editor's call for the promotional pop-up (page type 104). */
export const POPUP_OVERLAY_API = '/api/editor/popup-overlay';

// text() with the pop-up's own message for an over-long value, named at its field in the editor.
const popupText = (max: number, tooLong: string) =>
  z.string().max(max, tooLong).refine(isStorableText, STORABLE_TEXT_MESSAGE);

// One message for anything but a whole number in range: an emptied box reads as NaN.
const wholeNumber = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);

/** What the owner writes into the pop-up; the same rules in the editor's form and on the server. */
export const popupOverlayContentSchema = z
  .object({
    title: popupText(200, messages.popupOverlay.titleTooLong)
      .trim()
      .min(1, messages.popupOverlay.titleRequired),
    body: popupText(1000, messages.popupOverlay.bodyTooLong).default(''),
    action: z
      .object({
        label: popupText(60, messages.popupOverlay.labelTooLong)
          .trim()
          .min(1, messages.popupOverlay.actionLabelRequired),
        href: popupText(2000, messages.popupOverlay.hrefTooLong)
          .trim()
          .min(1, messages.popupOverlay.actionHrefRequired)
          .refine(isSafeHref, messages.popupOverlay.unsafeHref),
      })
      .strict()
      .optional(),
    newsletter: z
      .object({
        listId: text(200).min(1).optional(),
        doubleOptIn: z.boolean().default(true),
        buttonLabel: popupText(60, messages.popupOverlay.labelTooLong)
          .trim()
          .min(1, messages.popupOverlay.buttonLabelRequired)
          .default('Sign up'),
        placeholder: popupText(100, messages.popupOverlay.placeholderTooLong)
          .trim()
          .min(1, messages.popupOverlay.placeholderRequired)
          .default('Email address'),
      })
      .strict()
      .optional(),
    delaySeconds: wholeNumber(120, messages.popupOverlay.delayOutOfRange).default(5),
    hideForDays: wholeNumber(365, messages.popupOverlay.hideForDaysOutOfRange).default(7),
  })
  .strict();
export type PopupOverlayContent = z.output<typeof popupOverlayContentSchema>;
export type PopupOverlayContentInput = z.input<typeof popupOverlayContentSchema>;

/**
 * Website settings `popupOverlay` as the storefront shows it: only a pop-up the owner turned on
 * (`enabled: false`, kept so the owner's text survives, reads as off). `version` changes with the
 * content, so a visitor who dismissed an older pop-up sees the new one.
 */
export const PopupOverlaySettings = popupOverlayContentSchema.strip().extend({
  enabled: z.literal(true),
  version: z.number().int().min(0),
});
export type PopupOverlay = z.infer<typeof PopupOverlaySettings>;

/** `PUT /api/editor/popup-overlay`: `version` is the one the editor read (a newer one answers 409). */
export const updatePopupOverlaySchema = z
  .object({
    enabled: z.boolean(),
    content: popupOverlayContentSchema.nullable(),
    version: z.number().int().min(0),
  })
  .strict()
  .refine((input) => !input.enabled || input.content !== null, {
    path: ['content'],
    message: messages.popupOverlay.titleRequired,
  });
export type UpdatePopupOverlay = z.input<typeof updatePopupOverlaySchema>;

/** The editor's view: the content (null before the first save), what visitors see, and the edit version. */
export interface EditorPopupOverlay {
  enabled: boolean;
  content: PopupOverlayContent | null;
  /** The pop-up's own version, which the storefront keys a visitor's dismissal by. */
  shownVersion: number;
  /** Bumped by every save; a save over an older one is refused. */
  version: number;
}
