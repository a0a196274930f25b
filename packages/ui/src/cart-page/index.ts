export { CART_PAGE_TITLE_ID, CartPage, type CartPageProps, type CartPageStatus } from './CartPage';
export { CartLineItem, type CartLineItemProps } from './CartLineItem';
export { CartActionRefused, cartActionError, type CartAction, type CartActionError } from './errors';
export type { CartDisplayEntry, CartItemImage, DisplayCart } from './types';
export { AlsoBought, type AlsoBoughtProps } from './AlsoBought';
