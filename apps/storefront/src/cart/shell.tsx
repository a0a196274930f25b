import {
  type AfterAddToCart,
  afterAddToCartAction,
  cartLinksOpenDrawer,
  displayedSubtotal,
  isCurrencyCode,
} from '@site/commerce-core';
import { CartIndicator, CartPopover, PillCart } from '@site/ui';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PageContext } from '../page-context';
import type { CartStore } from './cart-store';

function Shell({
  store,
  currency,
  indicator,
  showPill,
  afterAdd,
  openDrawer,
}: {
  store: CartStore;
  currency: string;
  indicator: Element | null;
  showPill: boolean;
  afterAdd: AfterAddToCart;
  openDrawer: () => void;
}) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  // The owner's "When a shopper adds to cart": the message below, the drawer or the cart page.
  const addedId = state.added?.id;
  useEffect(() => {
    if (addedId === undefined || afterAdd === 'message') return;
    store.clearAdded();
    if (afterAdd === 'drawer') openDrawer();
    else window.location.assign('/cart');
  }, [addedId, afterAdd, openDrawer, store]);
  const code = isCurrencyCode(currency) ? currency : 'USD';
  const count = state.cart?.totalQuantity;
  const subtotal = state.cart ? displayedSubtotal(state.cart, code) : undefined;
  return (
    <>
      {indicator &&
        createPortal(
          <CartIndicator
            itemCount={state.status === 'loading' ? undefined : (count ?? 0)}
            subtotalText={subtotal}
            error={state.status === 'error'}
          />,
          indicator,
        )}
      {showPill && <PillCart itemCount={count ?? 0} subtotalText={subtotal} />}
      <CartPopover
        notice={
          state.added && afterAdd === 'message'
            ? { productName: state.added.productName, id: state.added.id }
            : null
        }
        onClose={store.clearAdded}
        anchor={indicator}
      />
    </>
  );
}

/** The page-wide cart UI: header indicator, pill and popover (or drawer), all on one store. */
export function mountShell(doc: Document, context: PageContext, store: CartStore): void {
  // The cart and checkout pages show the cart themselves: no pill over their totals, no drawer.
  const showsCart = !!doc.getElementById('sqs-cart-root') || !!doc.getElementById('sqs-checkout-root');
  let drawer: Promise<{ open(): void }> | undefined;
  const openDrawer = () =>
    void (drawer ??= import('./cart-drawer').then((m) => m.mountCartDrawer(doc, context, store))).then((d) =>
      d.open(),
    );
  if (cartLinksOpenDrawer(context.afterAddToCart, { showsCart })) {
    // The links still lead to /cart before the script runs and when it fails; from here they open the drawer.
    doc.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest?.('.sqs-cart-indicator, .sqs-pill-cart__link');
      if (
        !link ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      event.preventDefault();
      openDrawer();
    });
  }
  let root = doc.getElementById('sqs-pill-cart-root');
  if (!root) {
    root = doc.createElement('div');
    root.id = 'sqs-pill-cart-root';
    doc.body.append(root);
  }
  createRoot(root).render(
    <Shell
      store={store}
      currency={context.storeCurrency}
      indicator={doc.getElementById('sqs-cart-indicator')}
      showPill={!showsCart}
      afterAdd={afterAddToCartAction(context.afterAddToCart, { showsCart })}
      openDrawer={openDrawer}
    />,
  );
}
