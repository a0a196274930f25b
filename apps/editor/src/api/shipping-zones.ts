import { useCommercePreferences, useSaveCommercePreferences } from './commerce-preferences';

/** The store's shipping zones and their options: the "shipping" commerce preferences. */
export const useShippingZones = () => useCommercePreferences('shipping');
export const useSaveShippingZones = () => useSaveCommercePreferences('shipping');
