import { messages } from '@site/page-content';
import { useEditorSite } from './editor-site';

export interface SiteTimeZone {
  /** The zone dates are shown and typed in. */
  zone: string;
  /** Set when the site's zone could not be used and the browser's stands in for it. */
  warning?: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The site's time zone as the editor can use it (platform.md §8): when the browser has no data for
 * it, dates fall back to the browser's own offset and the owner is told which zone failed to load.
 * A site that names no zone simply follows the browser.
 */
export function resolveSiteTimeZone(
  zone: string | undefined,
  browser: () => string = browserZone,
): SiteTimeZone {
  if (!zone) return { zone: browser() };
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return { zone };
  } catch {
    return { zone: browser(), warning: messages.failedToLoadTimezone(zone) };
  }
}

export function useSiteTimeZone(): SiteTimeZone {
  return resolveSiteTimeZone(useEditorSite().data?.website.timeZone);
}
