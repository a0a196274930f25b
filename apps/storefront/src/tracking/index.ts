import type { PageContext as StorefrontContext } from '../page-context';

/** Fields the tracking library reads that the storefront context may carry under other names. */
type TrackingSource = Pick<
  StorefrontContext,
  'websiteId' | 'pageType' | 'pageId' | 'collectionId' | 'itemId' | 'storeCurrency' | 'locale'
> & {
  templateId?: string | null;
  pagePermissionType?: number;
  censusDisabled?: boolean;
};

/** The page context in the shape @site/tracking validates (its PageContext). */
export function trackingContext(context: TrackingSource) {
  return {
    websiteId: context.websiteId,
    // The server does not embed a template id yet; the page id identifies the layout well enough.
    templateId: context.templateId || context.pageId || 'site',
    pageType: context.pageType,
    ...(context.collectionId ? { collectionId: context.collectionId } : {}),
    ...(context.itemId ? { itemId: context.itemId } : {}),
    storeCurrency: context.storeCurrency,
    websiteLocale: context.locale,
    ...(context.pagePermissionType !== undefined ? { pagePermissionType: context.pagePermissionType } : {}),
    ...(context.censusDisabled ? { censusDisabled: true } : {}),
  };
}

/**
 * Starts visitor tracking. @site/tracking (and the zod it pulls in) is loaded with a dynamic
 * import so it is a chunk of its own, fetched after the page's own code and never counted in the
 * product page's first-load JS. Tracking failures are logged only (storefront.md §8).
 */
export function startPageTracking(context: StorefrontContext, doc: Document = document): void {
  if (!context.websiteId) return;
  void import('@site/tracking')
    .then(({ startTracking }) => {
      const tracking = startTracking(trackingContext(context));
      // Site forms announce that they were shown, so the owner can compare views with submissions.
      for (const form of Array.from(
        doc.querySelectorAll<HTMLElement>('form[data-site-form][data-form-id]'),
      )) {
        void tracking.census.formRender(form.dataset.formId!);
      }
    })
    .catch((error: unknown) => console.warn('Tracking did not start', error));
}
