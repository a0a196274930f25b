export { Checkout, type CheckoutProps, type PaymentFieldsSlot } from './Checkout';
export { OrderSummary, type OrderSummaryProps, type OrderTotals } from './OrderSummary';
export { CouponField, type CouponFieldProps } from './CouponField';
export {
  AddressAutocompleteField,
  type AddressAutocompleteFieldProps,
  type AddressSuggestionSource,
} from './AddressAutocomplete';
export {
  CheckoutSubmitError,
  type CheckoutPayload,
  type CheckoutPayment,
  type TestCardPayment,
  type ProviderPayment,
  type ShippingAddress,
  type CheckoutFieldName,
  type CheckoutFieldErrors,
  type CheckoutFormValues,
} from './types';
export { validateCheckout, passesLuhn, checkExpiry } from './validation';
export { DEFAULT_COUNTRIES } from './countries';
