export { CartIndicator, type CartIndicatorProps } from './cart-indicator/CartIndicator';
