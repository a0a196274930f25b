import { isCurrencyCode } from '@site/commerce-core';
import {
  type AddressSuggestionSource,
  Checkout,
  CheckoutSubmitError,
  type CheckoutFieldErrors,
} from '@site/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import { createCartStore, type CartStore } from '../cart/cart-store';
import { toDisplayCart } from '../cart/display-cart';
import { storefrontMessages } from '../messages';
import type { PageContext } from '../page-context';
import { trackCheckoutStarted } from '../tracking';
import { addressSuggestionsFromApi } from './address-suggestions';
import { useStripeCheckout, type CheckoutPaymentConfig } from './stripe-payment';
import { confirmStripePayment } from './stripe-script';

/** An order placed and waiting for the shopper to finish paying (a declined card tries again on it). */
interface PendingPayment {
  clientSecret: string;
  returnPath: string;
}

function CheckoutPage({
  store,
  currency,
  orderNotesLabel,
  addressSuggestions,
}: {
  store: CartStore;
  currency: string;
  orderNotesLabel: string | undefined;
  addressSuggestions: AddressSuggestionSource | undefined;
}) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  useEffect(() => {
    if (state.status === 'idle') void store.load();
  }, [state.status, store]);
  // Once per page: the checkout opened with something to pay for (the funnel's checkout step).
  const cartId = state.cart && state.cart.entries.length > 0 ? state.cart.id : undefined;
  useEffect(() => {
    if (cartId) trackCheckoutStarted(cartId);
  }, [cartId]);
  const [payment, setPayment] = useState<CheckoutPaymentConfig>();
  const [paymentConfigFailed, setPaymentConfigFailed] = useState(false);
  useEffect(() => {
    api<CheckoutPaymentConfig>('GET', '/api/commerce/payment-config').then(setPayment, () =>
      setPaymentConfigFailed(true),
    );
  }, []);
  const stripe = useStripeCheckout(payment, state.cart?.grandTotalCents ?? 0, currency);
  const pending = useRef<PendingPayment | undefined>(undefined);
  if (state.status === 'error') {
    return (
      <p role="alert">
        {storefrontMessages.unableToLoad}{' '}
        <button type="button" onClick={() => void store.load()}>
          {storefrontMessages.retry}
        </button>
      </p>
    );
  }
  if (paymentConfigFailed) {
    return (
      <p role="alert">
        {storefrontMessages.unableToLoad}{' '}
        <button type="button" onClick={() => window.location.reload()}>
          {storefrontMessages.retry}
        </button>
      </p>
    );
  }
  if (!state.cart || !payment) return <p aria-busy="true">{storefrontMessages.loadingCheckout}</p>;
  if (state.cart.entries.length === 0) {
    return (
      <div className="empty-state">
        <p>{storefrontMessages.cartEmpty}</p>
        <a className="button" href="/shop">
          {storefrontMessages.continueShopping}
        </a>
      </div>
    );
  }
  return (
    <Checkout
      cart={toDisplayCart(state.cart)}
      currency={isCurrencyCode(currency) ? currency : 'USD'}
      acceptsGiftCards
      orderNotesLabel={orderNotesLabel}
      addressSuggestions={addressSuggestions}
      onAddressChange={async (location) => {
        await store.setShippingLocation(location);
      }}
      onEmailChange={(email) => void store.setEmail(email)}
      onShippingOptionChange={async (optionId) => {
        await store.setShippingOption(optionId);
      }}
      onApplyCoupon={async (code) => {
        try {
          await store.applyCoupon(code);
        } catch (err) {
          throw new Error(
            err instanceof ApiError && err.message ? err.message : storefrontMessages.pleaseTryAgain,
          );
        }
      }}
      paymentFields={stripe.slot}
      onPlaceOrder={async (payload) => {
        try {
          if (!pending.current) {
            const placed = await api<{
              redirectUrl: string;
              order: { payment?: { clientSecret: string } };
            }>('POST', '/api/commerce/checkout', {
              ...payload,
              ...(store.cartToken ? { cartToken: store.cartToken } : {}),
            });
            if (!placed.order.payment) return window.location.assign(placed.redirectUrl);
            pending.current = {
              clientSecret: placed.order.payment.clientSecret,
              returnPath: placed.redirectUrl,
            };
          }
          if (!stripe.checkout) throw new CheckoutSubmitError(storefrontMessages.paymentsDidNotLoad);
          // Only an error comes back: a payment that went through (after 3-D Secure) leaves the page.
          const message = await confirmStripePayment(
            stripe.checkout,
            pending.current.clientSecret,
            pending.current.returnPath,
          );
          throw new CheckoutSubmitError(message);
        } catch (err) {
          if (err instanceof CheckoutSubmitError) throw err;
          if (!(err instanceof ApiError)) throw new CheckoutSubmitError(storefrontMessages.pleaseTryAgain);
          // The API names the card fields as the form does; an address problem is a general one.
          const { shippingAddress: _address, payment: _payment, ...fields } = err.fieldErrors;
          throw new CheckoutSubmitError(
            err.message || storefrontMessages.pleaseTryAgain,
            fields as CheckoutFieldErrors,
          );
        }
      }}
    />
  );
}

/** The checkout (page type 201) on #sqs-checkout-root. */
export function mountCheckoutPage(doc: Document, context: PageContext, pageStore: CartStore): boolean {
  const root = doc.getElementById('sqs-checkout-root');
  if (!root) return false;
  // A subscription checkout arrives with its own cart's token (storefront.md §4).
  const token = new URLSearchParams(doc.location.search).get('cartToken');
  const store = token ? createCartStore(token) : pageStore;
  root.replaceChildren();
  createRoot(root).render(
    <CheckoutPage
      store={store}
      currency={context.storeCurrency}
      orderNotesLabel={context.orderNotesLabel}
      addressSuggestions={context.addressAutocomplete ? addressSuggestionsFromApi() : undefined}
    />,
  );
  return true;
}
