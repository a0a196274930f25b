import '@site/ui/styles.css';
import './storefront.css';
import './product/product.css';
import { afterFirstPaint } from './after-first-paint';
import { holdEarlyTaps } from './early-taps';

// The page is complete as the server drew it; the script only enhances it. Fetching and running the
// enhancements after the first paint keeps them out of the way of the first and largest paints on
// a slow phone (README.md, "Start after the first paint"). The styles stay in this entry: the
// server merges the entry's styles into each theme's one stylesheet.
// A tap on Add To Cart or the menu before then is held and replayed once they work (or failed to).
const replayEarlyTaps = holdEarlyTaps(document);
afterFirstPaint(
  () =>
    void import('./start')
      .then((m) => m.started)
      .finally(() => {
        replayEarlyTaps();
        // What browser tests wait for before they act as a visitor who waited would.
        document.documentElement.toggleAttribute('data-enhanced', true);
      }),
);
