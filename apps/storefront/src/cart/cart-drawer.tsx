import { CartDrawer } from '@site/ui';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageContext } from '../page-context';
import { FullCart } from './cart-page';
import type { CartStore } from './cart-store';

/** storefront.md §2's "cart v2": the type the drawer's view-cart event reports (the page's is 200). */
export const CART_DRAWER_PAGE_TYPE = 205;

export interface CartDrawerHandle {
  open(): void;
}

/**
 * The cart drawer over any page but the cart and checkout, for owners who chose "Open the cart
 * drawer". Its code is a chunk of its own, fetched the first time the drawer is asked for.
 */
export function mountCartDrawer(doc: Document, context: PageContext, store: CartStore): CartDrawerHandle {
  let isOpen = false;
  const listeners = new Set<() => void>();
  const setOpen = (open: boolean) => {
    isOpen = open;
    for (const l of listeners) l();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Drawer() {
    const open = useSyncExternalStore(subscribe, () => isOpen);
    const close = () => setOpen(false);
    return (
      <CartDrawer isOpen={open} onClose={close}>
        <FullCart
          store={store}
          currency={context.storeCurrency}
          onContinueShopping={close}
          pageType={CART_DRAWER_PAGE_TYPE}
        />
      </CartDrawer>
    );
  }
  const root = doc.createElement('div');
  root.id = 'sqs-cart-drawer-root';
  doc.body.append(root);
  createRoot(root).render(<Drawer />);
  return { open: () => setOpen(true) };
}
