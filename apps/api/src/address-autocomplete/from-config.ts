import { createGooglePlacesProvider } from './google-places';
import { createLocalPlacesProvider } from './local-places';
import type { AddressProvider } from './provider';

export type AddressAutocompleteSetting = 'google' | 'local' | 'off';

/**
 * ADDRESS_AUTOCOMPLETE picks the provider; unset, Google when GOOGLE_PLACES_API_KEY is set and none
 * otherwise (a shop should not suggest from the built-in list unless its operator chose it).
 */
export function addressProviderFromConfig(config: {
  ADDRESS_AUTOCOMPLETE?: AddressAutocompleteSetting;
  GOOGLE_PLACES_API_KEY?: string;
  GOOGLE_PLACES_API_URL?: string;
}): AddressProvider | undefined {
  const setting = config.ADDRESS_AUTOCOMPLETE ?? (config.GOOGLE_PLACES_API_KEY ? 'google' : 'off');
  if (setting === 'off') return undefined;
  if (setting === 'local') return createLocalPlacesProvider();
  if (!config.GOOGLE_PLACES_API_KEY)
    throw new Error('Invalid configuration: ADDRESS_AUTOCOMPLETE=google needs GOOGLE_PLACES_API_KEY');
  return createGooglePlacesProvider({
    apiKey: config.GOOGLE_PLACES_API_KEY,
    baseUrl: config.GOOGLE_PLACES_API_URL,
  });
}
