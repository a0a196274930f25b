import {
  ADDRESS_AUTOCOMPLETE_PATH,
  ADDRESS_DETAILS_PATH,
  type AddressDetails,
  type AddressPredictions,
} from '@site/commerce-core';
import type { AddressSuggestionSource } from '@site/ui';
import { api } from '../api';

/** What the spec's tracking context names for these calls: the checkout's shipping address. */
const TRACKING = { productPage: 'checkout', productSection: 'shipping-address' } as const;

// crypto.randomUUID needs a secure context; a shop on plain http still gets a token.
const newSessionToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * storefront.md §7's two places calls, through our API (which holds the provider's key). One
 * session token runs from the first lookup to the chosen address, then a new one starts, so a
 * provider billing per session counts one.
 */
export function addressSuggestionsFromApi(): AddressSuggestionSource {
  let sessionToken = newSessionToken();
  return {
    suggest(input, { country }) {
      const query = new URLSearchParams({ input, sessionToken, ...TRACKING });
      if (/^[A-Z]{2}$/.test(country)) query.set('country', country);
      return api<AddressPredictions>('GET', `${ADDRESS_AUTOCOMPLETE_PATH}?${query}`);
    },
    async choose(prediction) {
      const query = new URLSearchParams({ placeId: prediction.placeId, sessionToken, ...TRACKING });
      sessionToken = newSessionToken();
      return (await api<AddressDetails>('GET', `${ADDRESS_DETAILS_PATH}?${query}`)).address;
    },
  };
}
