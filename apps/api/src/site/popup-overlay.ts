import { PopupOverlaySettings, type PopupOverlay } from '@site/page-content';

/** The pop-up the owner turned on, or undefined when it is off or not a valid pop-up. */
export function popupOverlaySettings(settings: unknown): PopupOverlay | undefined {
  const parsed = PopupOverlaySettings.safeParse(
    (settings as { popupOverlay?: unknown } | null | undefined)?.popupOverlay,
  );
  return parsed.success ? parsed.data : undefined;
}
