/** User-facing text of the tax rules and the tax editor's refusals (our wording). */
export const taxMessages = {
  countryCode: 'Use a two-letter country code such as DE, or * for every other country.',
  regionCode: 'Use the state or province code, such as CA, or leave it empty for the whole country.',
  nameMissing: 'Name the tax as the receipt shows it, such as VAT.',
  nameTooLong: 'Use at most 60 characters for the tax name.',
  rateFormat: 'Type the rate as a percentage, such as 19 or 7.25.',
  rateRange: 'A tax rate is between 0 and 100 %.',
  duplicatePlace: 'Each country, and each state or province, can have one rate.',
  /** The receipt's line for tax already in the prices: "Includes VAT 19 %". */
  includedTax: 'Includes {name} {rate}',
  addedTax: '{name} {rate}',
  /** Tax report CSV headings. */
  reportMonth: 'Month',
  reportCountry: 'Country',
  reportRegion: 'State/Province',
  reportTax: 'Tax',
  reportRate: 'Rate',
  reportOrders: 'Orders',
  reportTaxable: 'Taxable amount',
  reportTaxCollected: 'Tax collected',
  reportIncluded: 'Included in prices',
  yes: 'yes',
  no: 'no',
} as const;
