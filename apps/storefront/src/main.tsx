import '@site/ui/styles.css';
import './storefront.css';
import './product/product.css';
import { afterFirstPaint } from './after-first-paint';

// The page is complete as the server drew it; the script only enhances it. Fetching and running the
// enhancements after the first paint keeps them out of the way of the first and largest paints on
// a slow phone (README.md, "Start after the first paint"). The styles stay in this entry: the
// server merges the entry's styles into each theme's one stylesheet.
afterFirstPaint(() => void import('./start'));
