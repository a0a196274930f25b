/** The storefront app's own words; the spec's messages live in the packages' catalogues. */
export const storefrontMessages = {
  saveDetails: 'Save',
  additionalInformation: 'Additional information',
  unableToLoad: 'Unable to load. Try again.',
  retry: 'Retry',
  cartEmpty: 'Your cart is empty.',
  continueShopping: 'Continue Shopping',
  loadingCheckout: 'Loading checkout…',
  pleaseTryAgain: 'Please try again.',
} as const;
