import { tweenTo } from './scroll-to';

/** Galleries move their own slides for their links; the tween is for the page. */
const OWN_SCROLLING = '[data-gallery], [data-product-gallery]';

/**
 * Links to another part of the same page (the skip link, "12 reviews" under a price, Bistro's
 * "See the menu"): the page glides there with the spec's tween instead of jumping, the address
 * keeps the anchor, and keyboard focus moves to what was reached so the next Tab starts there.
 */
export function enhanceInPageLinks(doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="#"]');
    if (!link || link.closest(OWN_SCROLLING)) return;
    const hash = link.getAttribute('href')!;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const target = id ? doc.getElementById(id) : null;
    if (!target) return;
    event.preventDefault();
    if (win.location.hash !== hash) win.history.pushState(win.history.state, '', hash);
    void tweenTo(target, win).then(() => {
      if (!target.matches('a[href], button, input, select, textarea, [tabindex]'))
        target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
  });
}
