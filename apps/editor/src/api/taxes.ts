import { STORE_API } from '@site/commerce-core/admin';
import { useCommercePreferences, useSaveCommercePreferences } from './commerce-preferences';

/**
 * The store's tax rates, rounding and home country: the "tax" commerce preferences, which the
 * server keeps in the store settings the cart and checkout read.
 */
export const useTaxSettings = () => useCommercePreferences('tax');
export const useSaveTaxSettings = () => useSaveCommercePreferences('tax');

/** The tax report's download: a plain link, so the browser saves the CSV the server names. */
export const taxReportHref = STORE_API.taxReportCsv;
