import type { DisplayCart } from '@site/ui';
import type { CartView } from './cart-store';

/** The API's cart as the cart and checkout components read it (image and product link per line). */
export function toDisplayCart(cart: CartView): DisplayCart {
  return {
    ...cart,
    entries: cart.entries.map((e) => ({
      ...e,
      image: e.imageUrl ? { src: e.imageUrl } : undefined,
      href: e.productUrl,
    })),
  };
}
