/**
 * Every user-facing string of the commerce rules, in one place so it can be translated and audited.
 * Placeholders are written `{name}` and filled by `fillMessage`; nothing else in the package
 * carries user-facing text.
 */
export const messages = {
  // Add to cart: validation (storefront.md §5).
  selectOneOption: 'Please select the {option} option.',
  selectTwoOptions: 'Please select the {option1} and {option2} options.',
  selectManyOptions: 'Please select the {optionsList} and {lastOption} options.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenominationMissing: 'Select a denomination for the Gift Card',
  // Gift-card purchase and redemption: our wording, the spec gives none.
  giftCardRecipientNameMissing: 'Enter the recipient’s name.',
  giftCardRecipientEmailInvalid: 'Enter the recipient’s email address.',
  giftCardMessageTooLong: 'Your message is too long.',
  giftCardSendDateInvalid: 'Choose a send date between today and a year from now.',
  giftCardCodeUnknown: 'That gift card code is not valid.',
  // Payment at checkout: our wording.
  paymentMethodUnavailable: 'That payment method is not available.',
  /** The owner turned order notes off while the shopper had the checkout open. */
  orderNotesOff: 'This shop no longer takes order notes. Clear the note to place your order.',
  orderNoteTooLong: 'Keep the note under {max} characters.',
  paymentsUnavailable: 'Payments are unavailable right now. Please try again in a moment.',
  paymentPending: 'We are waiting for your bank to confirm the payment. This page updates when it does.',
  giftCardEmpty: 'This gift card has no balance left.',
  giftCardLocked: 'Too many gift card codes were tried. Please try again in {seconds} seconds.',
  giftCardBalance: 'Balance: {amount}',
  giftCardApplied: 'Gift card {code}: −{amount}',
  giftCardNotPurchasable: 'This product is not a gift card.',
  /** Our wording: the spec fixes the bounds (1 to 9999) but gives no text. */
  quantityOutOfRange: 'Quantity must be between {min} and {max}.',

  // Add to cart: add-entry failures and alert titles (storefront.md §8).
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  tooManyRequests: 'Please try again in a few seconds.',
  alertTitleAddItem: 'Unable to Add Item',
  alertTitleExpressCheckout: 'Unable to Purchase Item',
  alertTitleGiftCard: 'Unable to purchase Gift Card',

  // Add-to-cart button states (storefront.md §4).
  buttonAdding: 'Adding…',
  buttonAdded: 'Added!',
  buttonSelectOption: 'Select Option',
  buttonSoldOut: 'Sold Out',
  itemAddedPopover: '{productName} was added to your cart.',
  close: 'Close',

  // Cart and panel messages (storefront.md §8).
  unableToUpdateQuantity: 'Unable to update quantity',
  unableToAddItem: 'Unable to add item',
  unableToRemoveItem: 'Unable to remove item',
  unableToUpdateForm: 'Unable to update form',
  unableToOpenForm: 'Unable to open form',
  pleaseTryAgain: 'Please try again.',
  checkConnection: 'Please check your internet connection.',
  updateMissingInformation: 'Update the missing or invalid information above.',
  unavailable: 'Unavailable',
  /** Our wording for the checkout minimum (the spec gives the rule, not the text). */
  belowMinimumSubtotal: 'Your order subtotal must be at least {amount} to check out.',
  /** Name of the single tax rule the cart model applies (our design). */
  salesTaxRule: 'Sales tax',
  cartItemCountOne: '{count} item',
  cartItemCountMany: '{count} items',
  cartCountCapped: '100+',

  // Discounts: our wording, the spec gives none. {code} is the code as the shopper typed it.
  discountCodeUnknown: 'The code "{code}" is not valid for this order',
  discountExpired: 'The code "{code}" has expired.',
  discountNotYetValid: 'The code "{code}" can be used from {date}.',
  discountUsedUp: 'The code "{code}" has reached its usage limit.',
  discountUsedByCustomer: 'You have already used the code "{code}" as many times as it allows.',
  discountMinimumSubtotal: 'The code "{code}" needs {amount} of eligible items in your cart.',
  discountMinimumQuantity: 'The code "{code}" needs {quantity} eligible items in your cart.',
  discountNotApplicable: 'The code "{code}" does not apply to the items in your cart.',
  discountNotCombinable: 'Only one code can be used per order; "{code}" cannot be added to the one you have.',
  discountFreeShipping: 'Free shipping',

  // Default labels (storefront.md §9, platform.md §9).
  addToCart: 'Add To Cart',
  addToCartFormButton: 'Add to Cart',
  subscribe: 'Subscribe',
  quantity: 'Quantity',
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
  selectValue: 'Select Value',
  selectVariant: 'Select {variantName}',
  notAvailable: 'N/A',
  salePriceLabel: 'Sale Price:',
  originalPriceLabel: 'Original Price:',
  fromPrice: 'from {fromPrice}',
  giftCardValue: 'Value',

  // Subscription wording (storefront.md §4). Unit words are filled into the sentence first; the
  // {price}, {billingPeriodValue} and {duration} placeholders are filled when the price is known.
  subscriptionEveryOne: '{price} every {unit}',
  subscriptionEveryMany: '{price} every {billingPeriodValue} {units}',
  subscriptionForDuration: '{wording} for {duration} {units}',
  subscriptionFrom: 'from {wording}',
  unitWeek: 'week',
  unitWeeks: 'weeks',
  unitMonth: 'month',
  unitMonths: 'months',
  unitYear: 'year',
  unitYears: 'years',

  // Instalments (storefront.md §5).
  instalmentsUpTo: 'available for orders up to {amount}',
  instalmentsOver: 'available for orders over {amount}',

  // Restock notification (storefront.md §8).
  restockSignedUp: 'Signed up!',
  restockEmailBlank: 'Email cannot be blank',
  restockEmailInvalid: 'Email is invalid',
  restockFailed: 'Unable to submit form. Please try again later.',

  // Product reviews (storefront.md: native reviews on the product page, page type 209). The spec
  // gives no wording; these are ours.
  reviewRatingMissing: 'Choose a rating from 1 to 5 stars.',
  reviewTitleTooLong: 'Keep the title under {max} characters.',
  reviewTextBlank: 'Write a few words about the product.',
  reviewTextTooLong: 'Keep your review under {max} characters.',
  reviewNameBlank: 'Enter your name.',
  reviewNameTooLong: 'Keep your name under {max} characters.',
  reviewEmailInvalid: 'Enter a valid email address.',
  reviewLooksLikeSpam: 'Reviews can hold at most {max} links. Remove some and try again.',
  reviewReplyTooLong: 'Keep the reply under {max} characters.',
  reviewSubmitted: 'Thank you! Your review will appear once the shop has checked it.',
  reviewsOff: 'This shop does not take reviews right now.',
  reviewVerifiedBuyer: 'Verified buyer',
  reviewShopReply: 'Reply from the shop',
  reviewCountNone: 'No reviews yet',
  reviewCountOne: '1 review',
  reviewCountMany: '{count} reviews',
  reviewAverage: 'Rated {average} out of 5',
  reviewStars: '{rating} out of 5 stars',
  // The reviews-request page (type 209), opened from the email sent when an order ships.
  reviewRequestInvalid: 'This review link is not valid. Use the link in your email.',
  reviewRequestExpired: 'This review link has expired. You can still review from the product page.',
  reviewRequestNothingRated: 'Rate at least one item before sending.',
  reviewRequestTwice: 'Each item can be reviewed once.',
  reviewRequestNotInOrder: 'That item is not part of this order.',
  reviewRequestAlreadyReviewed: 'You have already reviewed {product}.',
  reviewRequestThanks: 'Thank you for your reviews! They will appear once the shop has checked them.',
  reviewRequestAllDone: 'You have reviewed everything in this order. Thank you!',
  // Donations (page types 203 donate and 204 contribution confirmed): our wording, the spec gives none.
  donationAmountMissing: 'Choose an amount or type your own.',
  donationAmountNotANumber: 'Type the amount as a number, like {example}.',
  donationAmountZero: 'Type an amount above zero.',
  donationAmountTooLarge: 'The largest donation we can take online is {max}.',
  donationBelowMinimum: 'The smallest donation is {minimum}.',
  donationCustomOff: 'Choose one of the amounts shown.',
  donationNameMissing: 'Enter your name.',
  donationEmailMissing: 'Enter your email address: your receipt goes there.',
  donationEmailInvalid: 'Enter a valid email address, like name@example.com.',
  donationUnavailable: 'This donation form is no longer on the site.',
  donationNotFound: 'We could not find that donation. Use the link from your receipt email.',
  donationAmountUnreadable: '“{amount}” is not an amount: type it as you would a price, like {example}.',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders; unknown placeholders are left as written so a gap stays visible. */
export function fillMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : String(v);
  });
}
