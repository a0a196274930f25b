/** User-facing text of the shipping rules and the shipping editor's refusals (our wording). */
export const shippingMessages = {
  areaCode:
    'Use a two-letter country code such as DE, a country and state such as US-CA, or * for everywhere else.',
  zoneNameMissing: 'Name the zone, such as Europe.',
  rateNameMissing: 'Name the option as shoppers see it, such as Standard.',
  nameTooLong: 'Use at most 60 characters for a name.',
  zoneAreasMissing: 'Add at least one country to the zone.',
  areaInTwoZones: '{area} is in two zones; each place can be in one zone only.',
  bracketsMissing: 'Add at least one rate.',
  bracketsDuplicate: 'Two rates start at the same amount; keep one.',
  idsDuplicate: 'Two options share an id.',
  /** The zone made from flat and table rates set before zones existed. */
  everywhereZone: 'Everywhere',
  /** The checkout's note when the address has no options. */
  noShippingTo: 'We do not ship to this address yet.',
  enterAddress: 'Enter your address to see the shipping options.',
} as const;
