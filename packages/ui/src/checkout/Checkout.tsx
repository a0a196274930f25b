import {
  type CurrencyCode,
  formatMinorWithSymbol,
  messages as commerceMessages,
  type PlaceAddress,
  ORDER_NOTE_MAX_LENGTH,
  shippingMessages,
} from '@site/commerce-core';
import { isValidEmail, messages as formMessages } from '@site/forms';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import type { DisplayCart } from '../cart-page/types';
import { FormTextField } from '../form-controls/FormTextField';
import { SelectField } from '../form-controls/SelectField';
import { uiMessages } from '../messages';
import { AddressAutocompleteField, type AddressSuggestionSource } from './AddressAutocomplete';
import { CouponField } from './CouponField';
import { countryOptions, DEFAULT_COUNTRIES } from './countries';
import { OrderSummary } from './OrderSummary';
import {
  type CheckoutFieldErrors,
  type CheckoutFieldName,
  type CheckoutFormValues,
  type CheckoutPayload,
  type CheckoutPayment,
  CheckoutSubmitError,
  EMPTY_CHECKOUT_VALUES,
} from './types';
import { shippingAddressOf, testPaymentOf, validateCheckout } from './validation';

/** A payment provider's own fields, replacing the built-in test card fields. */
export interface PaymentFieldsSlot {
  render: (state: { isDisabled: boolean }) => ReactNode;
  /** Called on Place Order; reject with a CheckoutSubmitError to show the provider's message. */
  collect: () => Promise<CheckoutPayment> | CheckoutPayment;
}

export interface CheckoutProps {
  cart: DisplayCart;
  currency: CurrencyCode;
  /**
   * Place the order. Resolve when it is placed (the wiring then shows the confirmation); reject with
   * a CheckoutSubmitError for the server's general and per-field messages.
   */
  onPlaceOrder: (payload: CheckoutPayload) => Promise<void>;
  /** Resolve once the cart prop carries the new option and totals; reject to put the old one back. */
  onShippingOptionChange?: (optionId: string) => Promise<void> | void;
  /**
   * The shopper changed the country or region: resolve once the cart carries the options and tax
   * for it. Without it the options do not follow the address.
   */
  onAddressChange?: (location: { country: string; region: string }) => Promise<void> | void;
  /**
   * The shopper typed a valid email and paused: the wiring keeps it on the cart (for the owner's
   * cart-recovery email). Failures are the wiring's to ignore: the order still takes the email.
   */
  onEmailChange?: (email: string) => void;
  /** Resolve once the cart lists the coupon; reject with an Error whose message is shown. */
  onApplyCoupon?: (code: string) => Promise<void>;
  onRemoveCoupon?: (code: string) => Promise<void> | void;
  /** Another provider's fields; without it the built-in TEST provider's card fields are shown. */
  paymentFields?: PaymentFieldsSlot;
  /** Prefill, e.g. the signed-in customer's email or saved address. */
  initialValues?: Partial<CheckoutFormValues>;
  /** Shows a gift-card code field in the payment section; the code rides in the payload. */
  acceptsGiftCards?: boolean;
  /**
   * The shop takes order notes: a box with this label (the owner's words; empty for the default)
   * before payment, its text in the payload. Absent: no box.
   */
  orderNotesLabel?: string;
  /**
   * Address suggestions for the first address line; absent, it is a plain field. The form works
   * the same without them: a failing source leaves the field plain, with no message.
   */
  addressSuggestions?: AddressSuggestionSource;
  /** ISO country codes for the country select. */
  countries?: readonly string[];
  /** Locale of country names. */
  locale?: string;
  /** Clock for the card expiry check (tests). */
  now?: () => Date;
  /** Whether the browser is online when placing fails; defaults to navigator.onLine. */
  isOnline?: () => boolean;
  title?: string;
}

const ADDRESS_PAUSE_MS = 400;

const fieldId = (name: CheckoutFieldName) => `sqs-checkout-${name}`;

/** Form order, so the error summary lists problems top to bottom. */
const FIELD_ORDER: readonly CheckoutFieldName[] = [
  'email',
  'firstName',
  'lastName',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
  'shippingOptionId',
  'payment',
  'orderNote',
  'giftCardCode',
  'cardNumber',
  'expiry',
  'cvc',
];

const FIELD_LABELS: Record<CheckoutFieldName, string> = {
  email: uiMessages.emailLabel,
  firstName: uiMessages.firstName,
  lastName: uiMessages.lastName,
  line1: uiMessages.addressLine1,
  line2: uiMessages.addressLine2,
  city: uiMessages.city,
  region: uiMessages.region,
  postalCode: uiMessages.postalCode,
  country: uiMessages.country,
  phone: uiMessages.phone,
  shippingOptionId: uiMessages.shippingMethodHeading,
  payment: uiMessages.paymentHeading,
  giftCardCode: uiMessages.giftCardCode,
  orderNote: uiMessages.orderNotes,
  cardNumber: uiMessages.cardNumber,
  expiry: uiMessages.cardExpiry,
  cvc: uiMessages.cardCvc,
};

interface ErrorSummary {
  message: string;
  /** Bumped on every failed attempt so focus moves to the summary again. */
  attempt: number;
}

function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function focusField(name: CheckoutFieldName) {
  const el = document.getElementById(fieldId(name));
  if (!el) return;
  const target = el.matches('input, select, textarea')
    ? el
    : el.querySelector<HTMLElement>('input:not([disabled]), select, textarea');
  (target ?? el).focus();
}

/**
 * The checkout form (storefront page type 201, mounted on #sqs-checkout-root): contact email,
 * shipping address and method when the cart requires shipping, payment, coupon and the order
 * summary. Client checks run on Place Order; problems, and the server's answer, are listed in an
 * error summary that takes focus and links to each field. While the order is placed every control
 * is disabled and the button reads "Placing order…".
 */
export function Checkout({
  cart,
  currency,
  onPlaceOrder,
  onShippingOptionChange,
  onAddressChange,
  onEmailChange,
  onApplyCoupon,
  onRemoveCoupon,
  acceptsGiftCards = false,
  orderNotesLabel,
  paymentFields,
  initialValues,
  addressSuggestions,
  countries = DEFAULT_COUNTRIES,
  locale = 'en',
  now = () => new Date(),
  isOnline = browserIsOnline,
  title = uiMessages.checkoutTitle,
}: CheckoutProps) {
  const titleId = useId();
  const summaryTitleId = useId();
  const summaryBodyId = useId();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<CheckoutFormValues>({ ...EMPTY_CHECKOUT_VALUES, ...initialValues });
  const [errors, setErrors] = useState<CheckoutFieldErrors>({});
  const [summary, setSummary] = useState<ErrorSummary | undefined>();
  const [placing, setPlacing] = useState(false);
  const [shippingChoice, setShippingChoice] = useState<string | undefined>(cart.selectedShippingOption?.id);
  const [shippingBusy, setShippingBusy] = useState(false);
  const [shippingError, setShippingError] = useState<string | undefined>();
  const [couponBusy, setCouponBusy] = useState(false);
  const countryList = useMemo(() => countryOptions(countries, locale), [countries, locale]);
  const takesNotes = orderNotesLabel !== undefined;
  const labelOf = (name: CheckoutFieldName) =>
    name === 'orderNote' && orderNotesLabel?.trim() ? orderNotesLabel.trim() : FIELD_LABELS[name];

  // The cart is the source of truth once the wiring has recomputed it.
  const cartChoice = cart.selectedShippingOption?.id;
  useEffect(() => setShippingChoice(cartChoice), [cartChoice]);

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  // Options and tax follow the address: the country at once, the region once typing pauses.
  const { country, region } = values;
  const needsAddress = cart.requiresShipping;
  // The latest callback, so a parent's new function each render does not send the address again.
  const addressChanged = useRef(onAddressChange);
  addressChanged.current = onAddressChange;
  const followsAddress = onAddressChange !== undefined;
  useEffect(() => {
    if (!followsAddress || !needsAddress || !country) return;
    let current = true;
    const timer = setTimeout(() => {
      setShippingBusy(true);
      Promise.resolve(addressChanged.current?.({ country, region: region.trim() }))
        .catch(() => current && setShippingError(uiMessages.shippingUpdateFailed))
        .finally(() => current && setShippingBusy(false));
    }, ADDRESS_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [country, region, needsAddress, followsAddress]);

  // The email reaches the cart once it is whole: valid, and the typing has paused.
  const emailChanged = useRef(onEmailChange);
  emailChanged.current = onEmailChange;
  const email = values.email.trim();
  useEffect(() => {
    if (!emailChanged.current || !isValidEmail(email)) return;
    const timer = setTimeout(() => emailChanged.current?.(email), ADDRESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [email]);

  const requiresShipping = cart.requiresShipping;
  const locked = placing;
  const totalsBusy = shippingBusy || couponBusy;

  const set = (name: keyof CheckoutFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Editing a field answers its error; the summary stays until the next attempt.
    setErrors(({ [name]: _answered, ...rest }) => rest);
  };

  const chooseShipping = async (id: string) => {
    const previous = shippingChoice;
    setShippingChoice(id);
    setShippingError(undefined);
    setErrors(({ shippingOptionId: _answered, ...rest }) => rest);
    if (!onShippingOptionChange) return;
    setShippingBusy(true);
    try {
      await onShippingOptionChange(id);
    } catch {
      setShippingChoice(previous);
      setShippingError(uiMessages.shippingUpdateFailed);
    } finally {
      setShippingBusy(false);
    }
  };

  const fail = (message: string, fieldErrors: CheckoutFieldErrors) => {
    setErrors(fieldErrors);
    setSummary((s) => ({ message, attempt: (s?.attempt ?? 0) + 1 }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (placing || totalsBusy) return;
    const clientErrors = validateCheckout(values, {
      requiresShipping,
      // With a gift card the card may not be needed at all: the server asks for it if it is.
      testPayment: !paymentFields && !(acceptsGiftCards && values.giftCardCode.trim()),
      shippingOptionId: shippingChoice,
      hasShippingOptions: cart.shippingOptions.length > 0,
      now: now(),
    });
    if (Object.keys(clientErrors).length > 0) {
      fail(formMessages.fieldsInvalid, clientErrors);
      return;
    }
    setPlacing(true);
    setErrors({});
    setSummary(undefined);
    try {
      const payment = paymentFields ? await paymentFields.collect() : testPaymentOf(values, now());
      const payload: CheckoutPayload = { email: values.email.trim(), payment };
      const giftCardCode = acceptsGiftCards ? values.giftCardCode.trim() : '';
      if (giftCardCode) payload.giftCardCode = giftCardCode;
      const orderNote = takesNotes ? values.orderNote.trim() : '';
      if (orderNote) payload.orderNote = orderNote;
      if (requiresShipping) {
        payload.shippingAddress = shippingAddressOf(values);
        payload.shippingOptionId = shippingChoice;
      }
      await onPlaceOrder(payload);
      // Stay locked: the wiring navigates to the confirmation, and a second order must not start.
    } catch (err) {
      setPlacing(false);
      if (err instanceof CheckoutSubmitError) {
        fail(err.message || uiMessages.placeOrderFailed, err.fieldErrors);
      } else {
        fail(isOnline() ? uiMessages.placeOrderFailed : commerceMessages.checkConnection, {});
      }
    }
  };

  // A chosen suggestion fills what it knows; a part it does not know keeps what the shopper typed.
  const fillAddress = (address: PlaceAddress) => {
    const filled: Partial<CheckoutFormValues> = {};
    if (address.line1) filled.line1 = address.line1;
    if (address.line2) filled.line2 = address.line2;
    if (address.city) filled.city = address.city;
    if (address.region) filled.region = address.region;
    if (address.postalCode) filled.postalCode = address.postalCode;
    if (countryList.some((c) => c.value === address.country)) filled.country = address.country;
    setValues((v) => ({ ...v, ...filled }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([name]) => !(name in filled))));
  };

  const listed = FIELD_ORDER.filter((name) => errors[name]);
  const text = (
    name: keyof CheckoutFormValues & CheckoutFieldName,
    props: Partial<Parameters<typeof FormTextField>[0]> = {},
  ) => (
    <FormTextField
      id={fieldId(name)}
      name={name}
      label={labelOf(name)}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      isRequired
      isDisabled={locked}
      {...props}
    />
  );

  return (
    <form
      className="sqs-checkout"
      aria-labelledby={titleId}
      aria-busy={placing || undefined}
      noValidate
      onSubmit={submit}
    >
      <h2 id={titleId} className="sqs-checkout__title">
        {title}
      </h2>
      {summary ? (
        <div
          className="sqs-error-summary"
          role="alert"
          aria-labelledby={summaryTitleId}
          tabIndex={-1}
          ref={summaryRef}
        >
          <h3 id={summaryTitleId} className="sqs-error-summary__title">
            {uiMessages.errorSummaryTitle}
          </h3>
          <p className="sqs-error-summary__message">{summary.message}</p>
          {listed.length > 0 ? (
            <ul className="sqs-error-summary__list">
              {listed.map((name) => (
                <li key={name}>
                  <a
                    href={`#${fieldId(name)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      focusField(name);
                    }}
                  >
                    {labelOf(name)}: {errors[name]}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="sqs-checkout__layout">
        {/* First in reading order: on a phone the summary is a bar above the form, folded until
            asked for; beside the form on wider screens, where it is always open. */}
        <aside className="sqs-checkout__aside">
          <button
            type="button"
            className="sqs-checkout__summary-toggle"
            aria-expanded={summaryOpen}
            aria-controls={summaryBodyId}
            onClick={() => setSummaryOpen((open) => !open)}
          >
            <span>{summaryOpen ? uiMessages.hideOrderSummary : uiMessages.showOrderSummary}</span>
            <span className="sqs-checkout__summary-total">
              {formatMinorWithSymbol(BigInt(cart.grandTotalCents), currency)}
            </span>
          </button>
          <div id={summaryBodyId} className="sqs-checkout__summary-body" data-open={summaryOpen || undefined}>
            <OrderSummary
              entries={cart.entries}
              currency={currency}
              subtotalCents={cart.subtotalCents}
              discountCents={cart.discountCents}
              discounts={cart.discounts}
              shippingCostCents={cart.shippingCostCents}
              taxCents={cart.taxCents}
              taxLines={cart.taxLines}
              grandTotalCents={cart.grandTotalCents}
              showShipping={requiresShipping}
              isBusy={totalsBusy}
            />
            {onApplyCoupon ? (
              <CouponField
                onApply={onApplyCoupon}
                onRemove={onRemoveCoupon}
                applied={cart.validCoupons}
                notApplied={cart.invalidCoupons}
                refusals={cart.refusedCoupons}
                isDisabled={locked}
                onBusyChange={setCouponBusy}
              />
            ) : null}
          </div>
        </aside>
        <div className="sqs-checkout__main">
          <fieldset className="sqs-checkout__section">
            <legend className="sqs-checkout__legend">{uiMessages.contactHeading}</legend>
            {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          </fieldset>

          {requiresShipping ? (
            <>
              <fieldset className="sqs-checkout__section">
                <legend className="sqs-checkout__legend">{uiMessages.shippingAddressHeading}</legend>
                <div className="sqs-checkout__pair">
                  {text('firstName', { autoComplete: 'shipping given-name' })}
                  {text('lastName', { autoComplete: 'shipping family-name' })}
                </div>
                {addressSuggestions ? (
                  <AddressAutocompleteField
                    id={fieldId('line1')}
                    name="line1"
                    label={labelOf('line1')}
                    value={values.line1}
                    onChange={set('line1')}
                    error={errors.line1}
                    isDisabled={locked}
                    autoComplete="shipping address-line1"
                    source={addressSuggestions}
                    country={values.country}
                    onChoose={fillAddress}
                  />
                ) : (
                  text('line1', { autoComplete: 'shipping address-line1' })
                )}
                {text('line2', { autoComplete: 'shipping address-line2', isRequired: false })}
                {text('city', { autoComplete: 'shipping address-level2' })}
                <div className="sqs-checkout__pair">
                  {text('region', { autoComplete: 'shipping address-level1', isRequired: false })}
                  {text('postalCode', { autoComplete: 'shipping postal-code' })}
                </div>
                <SelectField
                  id={fieldId('country')}
                  name="country"
                  label={uiMessages.country}
                  value={values.country}
                  onChange={set('country')}
                  options={countryList}
                  placeholder={uiMessages.countryPlaceholder}
                  error={errors.country}
                  autoComplete="shipping country"
                  isRequired
                  isDisabled={locked}
                />
                {text('phone', {
                  type: 'tel',
                  autoComplete: 'shipping tel',
                  inputMode: 'tel',
                  isRequired: false,
                })}
              </fieldset>

              <RadioGroup
                id={fieldId('shippingOptionId')}
                className="sqs-checkout__section sqs-radio-group"
                name="shippingOptionId"
                value={shippingChoice ?? null}
                onChange={(id) => void chooseShipping(id)}
                isDisabled={locked || shippingBusy}
                isRequired
                isInvalid={Boolean(errors.shippingOptionId ?? shippingError)}
                validationBehavior="aria"
              >
                <Label className="sqs-checkout__legend">{uiMessages.shippingMethodHeading}</Label>
                {cart.shippingOptions.map((option) => (
                  <Radio key={option.id} value={option.id} className="sqs-radio">
                    <span className="sqs-radio__mark" aria-hidden="true" />
                    <span className="sqs-radio__label">
                      {option.name}
                      {option.instructions ? (
                        <span className="sqs-radio__hint">{option.instructions}</span>
                      ) : null}
                    </span>
                    <span className="sqs-radio__price">
                      {option.costCents === 0
                        ? uiMessages.shippingFree
                        : formatMinorWithSymbol(BigInt(option.costCents), currency)}
                    </span>
                  </Radio>
                ))}
                {cart.shippingOptions.length === 0 ? (
                  <p className="sqs-checkout__note">
                    {onAddressChange
                      ? values.country
                        ? shippingMessages.noShippingTo
                        : shippingMessages.enterAddress
                      : uiMessages.noShippingOptions}
                  </p>
                ) : null}
                <FieldError className="sqs-field__error">
                  {errors.shippingOptionId ?? shippingError}
                </FieldError>
              </RadioGroup>
            </>
          ) : (
            <p className="sqs-checkout__note">{uiMessages.digitalDelivery}</p>
          )}

          {takesNotes ? (
            <div className="sqs-checkout__section">
              {text('orderNote', { isRequired: false, rows: 3, maxLength: ORDER_NOTE_MAX_LENGTH })}
            </div>
          ) : null}

          <fieldset className="sqs-checkout__section" id={fieldId('payment')}>
            <legend className="sqs-checkout__legend">{uiMessages.paymentHeading}</legend>
            {acceptsGiftCards
              ? text('giftCardCode', {
                  isRequired: false,
                  autoComplete: 'off',
                  description: uiMessages.giftCardCodeHint,
                })
              : null}
            {paymentFields ? (
              paymentFields.render({ isDisabled: locked })
            ) : (
              <>
                <div className="sqs-checkout__test-note">
                  <p>
                    <strong>{uiMessages.testModeNoCharge}</strong>
                  </p>
                  <p>{uiMessages.testModeNote}</p>
                </div>
                {text('cardNumber', {
                  autoComplete: 'cc-number',
                  inputMode: 'numeric',
                  placeholder: '4242 4242 4242 4242',
                })}
                <div className="sqs-checkout__pair">
                  {text('expiry', { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY' })}
                  {text('cvc', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
                </div>
              </>
            )}
            {errors.payment ? <p className="sqs-field__error">{errors.payment}</p> : null}
          </fieldset>

          <Button
            type="submit"
            className="sqs-button sqs-checkout__place-order"
            isPending={placing}
            isDisabled={totalsBusy}
          >
            {placing ? uiMessages.placingOrder : uiMessages.placeOrder}
          </Button>
          <p role="status" className="sqs-visually-hidden">
            {placing ? uiMessages.placingOrder : ''}
          </p>
        </div>
      </div>
    </form>
  );
}
