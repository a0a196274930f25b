/**
 * Controls the enhancements take over, which do nothing as the server drew them: the add-to-cart
 * button (a div until mounted), the quick-view button and the narrow screens' menu button.
 */
export const TAKEN_OVER = '.sqs-add-to-cart-button, .sqs-product-quick-view-button, .site-nav-toggle';

/**
 * Holds taps on those controls made before the enhancements have started (they start after the
 * first paint), and replays them on the same controls once they have: a shopper who taps Add To
 * Cart the moment the page shows is not ignored. Controls are matched by their place among
 * `TAKEN_OVER` in the document, since mounting replaces the server's element with its own.
 * Answers the replay, to call once the enhancements are in place.
 */
export function holdEarlyTaps(doc: Document = document): () => void {
  const held: number[] = [];
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.(TAKEN_OVER);
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    const place = [...doc.querySelectorAll(TAKEN_OVER)].indexOf(control);
    // A second tap on the same control is still one tap (a double-tap must not add twice).
    if (!held.includes(place)) held.push(place);
  };
  doc.addEventListener('click', hold, true);
  return () => {
    doc.removeEventListener('click', hold, true);
    const controls = doc.querySelectorAll<HTMLElement>(TAKEN_OVER);
    for (const place of held) controls[place]?.click();
  };
}
