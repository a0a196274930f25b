import type { AddressPrediction, PlaceAddress } from '@site/commerce-core';

export interface AutocompleteRequest {
  input: string;
  sessionToken: string;
  /** The country the shopper chose, to rank its places first. */
  country?: string;
  /** The site's language, for the provider's wording of places. */
  language?: string;
}

/**
 * Where checkout address suggestions come from (storefront.md §7's autocomplete and details calls).
 * The routes know only this; `addressProviderFromConfig` picks the adapter.
 */
export interface AddressProvider {
  /** For the log. */
  readonly name: string;
  /** Whose data it is, shown under the suggestions when the provider's terms ask for it. */
  readonly attribution?: string;
  autocomplete(request: AutocompleteRequest): Promise<AddressPrediction[]>;
  /** The place as checkout fields; undefined when the id names no place. */
  details(
    placeId: string,
    request: { sessionToken: string; language?: string },
  ): Promise<PlaceAddress | undefined>;
}

/** The provider could not answer (unreachable, refused, slow, or an answer of another shape). */
export class AddressProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AddressProviderError';
  }
}
