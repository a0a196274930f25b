import '@site/ui/styles.css';
import './storefront.css';
import { mountCartIndicator } from './cart/mount-cart-indicator';
import { readPageContext } from './page-context';

// Each feature finds its own server-rendered marker; a page without the marker costs nothing.
const context = readPageContext(document);
mountCartIndicator(document, context);
