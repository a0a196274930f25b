import '@site/ui/styles.css';
import './storefront.css';
import { shouldLoadCartAtStart } from '@site/commerce-core';
import { readCookie } from './api';
import { mountCartPage } from './cart/cart-page';
import { createCartStore } from './cart/cart-store';
import { mountShell } from './cart/shell';
import { mountCheckoutPage } from './checkout/checkout-page';
import { enhanceForms } from './forms';
import { readPageContext } from './page-context';
import { startPageTracking } from './tracking';
import { mountAddToCartButtons } from './product/add-to-cart';
import { enhanceProductPage } from './product/product-page';

// Each feature finds its own server-rendered marker; a page without the marker costs nothing.
const context = readPageContext(document);
const store = createCartStore();
mountShell(document, context, store);
mountAddToCartButtons(document, context, store);
enhanceProductPage(document, context);
enhanceForms(document, context);
startPageTracking(context);
const onCartPage = mountCartPage(document, context, store) || mountCheckoutPage(document, context, store);
// The cart loads at start only for shoppers who have one (storefront.md §4); the cart page loads it itself.
if (!onCartPage && shouldLoadCartAtStart({ signedIn: false, hasCartCookie: readCookie('hasCart') })) void store.load();
