import { isCurrencyCode } from '@site/commerce-core';
import { Checkout, CheckoutSubmitError, type CheckoutFieldErrors } from '@site/ui';
import { useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import { createCartStore, type CartStore } from '../cart/cart-store';
import { toDisplayCart } from '../cart/display-cart';
import { storefrontMessages } from '../messages';
import type { PageContext } from '../page-context';
import { trackCheckoutStarted } from '../tracking';

function CheckoutPage({ store, currency }: { store: CartStore; currency: string }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  useEffect(() => {
    if (state.status === 'idle') void store.load();
  }, [state.status, store]);
  // Once per page: the checkout opened with something to pay for (the funnel's checkout step).
  const cartId = state.cart && state.cart.entries.length > 0 ? state.cart.id : undefined;
  useEffect(() => {
    if (cartId) trackCheckoutStarted(cartId);
  }, [cartId]);
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
  if (!state.cart) return <p aria-busy="true">{storefrontMessages.loadingCheckout}</p>;
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
      onPlaceOrder={async (payload) => {
        try {
          const { redirectUrl } = await api<{ redirectUrl: string }>('POST', '/api/commerce/checkout', {
            ...payload,
            ...(store.cartToken ? { cartToken: store.cartToken } : {}),
          });
          window.location.assign(redirectUrl);
        } catch (err) {
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
  createRoot(root).render(<CheckoutPage store={store} currency={context.storeCurrency} />);
  return true;
}
