import { displayedSubtotal, isCurrencyCode } from '@site/commerce-core';
import { CartIndicator, CartPopover, PillCart } from '@site/ui';
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PageContext } from '../page-context';
import type { CartStore } from './cart-store';

function Shell({
  store,
  currency,
  indicator,
  showPill,
}: {
  store: CartStore;
  currency: string;
  indicator: Element | null;
  showPill: boolean;
}) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
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
        notice={state.added ? { productName: state.added.productName, id: state.added.id } : null}
        onClose={store.clearAdded}
        anchor={indicator}
      />
    </>
  );
}

/** The page-wide cart UI: header indicator, pill and popover, all on one store. */
export function mountShell(doc: Document, context: PageContext, store: CartStore): void {
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
      // The cart and checkout pages show the cart themselves; a pill there would repeat it over their totals.
      showPill={!doc.getElementById('sqs-cart-root') && !doc.getElementById('sqs-checkout-root')}
    />,
  );
}
