import type { CartView } from '@site/commerce-core';
import { api } from '../api';

export type { CartView };

export interface CartState {
  cart?: CartView;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last item added, for the popover; cleared when it closes. */
  added?: { productName: string; id: number };
}

type Listener = () => void;

/**
 * One cart per page, shared by the pill, the popover, the buttons and the cart page. With a
 * cart token it is a subscription's own cart instead of the visitor's.
 */
export function createCartStore(cartToken?: string) {
  const scoped = (path: string) =>
    cartToken ? `${path}${path.includes('?') ? '&' : '?'}cartToken=${encodeURIComponent(cartToken)}` : path;
  let state: CartState = { status: 'idle' };
  const listeners = new Set<Listener>();
  let addedCount = 0;
  const set = (patch: Partial<CartState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  const withCart = async (call: Promise<{ shoppingCart: CartView }>) => {
    const { shoppingCart } = await call;
    set({ cart: shoppingCart, status: 'ready' });
    return shoppingCart;
  };
  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      set({ status: state.cart ? 'ready' : 'loading' });
      try {
        set({ cart: await api<CartView>('GET', scoped('/api/commerce/shopping-cart')), status: 'ready' });
      } catch {
        set({ status: 'error' });
      }
    },
    async add(
      itemId: string,
      sku: string,
      quantity: number,
      productName: string,
      additionalFields?: unknown,
    ) {
      const res = await api<{ shoppingCart: CartView }>('POST', '/api/commerce/shopping-cart/entries', {
        itemId,
        sku,
        quantity,
        ...(additionalFields ? { additionalFields: JSON.stringify(additionalFields) } : {}),
      });
      set({ cart: res.shoppingCart, status: 'ready', added: { productName, id: ++addedCount } });
    },
    setQuantity: (entryId: string, quantity: number) =>
      withCart(
        api('PUT', scoped(`/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`), {
          quantity,
        }),
      ),
    updateFields: (entryId: string, itemId: string, sku: string, values: unknown) =>
      withCart(
        api(
          'PUT',
          scoped(`/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`),
          {
            itemId,
            sku,
            additionalFields: JSON.stringify(values),
          },
        ),
      ),
    remove: (entryId: string) =>
      withCart(api('DELETE', scoped(`/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`))),
    setShippingOption: (optionId: string) =>
      withCart(api('PUT', scoped('/api/commerce/shopping-cart/shipping-option'), { optionId })),
    setShippingLocation: (location: { country: string; region: string }) =>
      withCart(api('PUT', scoped('/api/commerce/shopping-cart/shipping-location'), location)),
    /** Kept on the cart for the owner's recovery email; nothing the shopper needs to wait for. */
    setEmail: (email: string) =>
      api('PUT', scoped('/api/commerce/shopping-cart/email'), { email }).catch(() => undefined),
    applyCoupon: (code: string) =>
      withCart(api('POST', scoped('/api/commerce/shopping-cart/coupons'), { code })),
    /** Units of a variant already in the cart: add-to-cart checks stock against them. */
    quantityInCart(itemId: string, sku: string): number {
      return (state.cart?.entries ?? [])
        .filter((e) => e.itemId === itemId && e.chosenVariant.sku === sku)
        .reduce((n, e) => n + e.quantity, 0);
    },
    clearAdded: () => set({ added: undefined }),
    cartToken,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
