/**
 * User-facing strings of @site/ui that neither @site/commerce-core nor @site/forms already carry.
 * One catalogue so the storefront can be translated and audited in one place; `{name}`
 * placeholders are filled with commerce-core's `fillMessage`.
 */
export const uiMessages = {
  // Shared controls.
  ok: 'OK',
  close: 'Close',
  loading: 'Loading…',

  // Cart indicator and pill cart (storefront.md §2, §9).
  cartLoading: 'Cart, loading',
  cartUnavailable: 'Cart, contents unavailable',
  cartLabel: 'Cart, {items}',
  cartLabelWithSubtotal: 'Cart, {items}, subtotal {subtotal}',

  // Instalment pill and modal (storefront.md §2, §4, §5). The spec gives the out-of-range texts
  // only; the offer sentence and the modal labels are our wording.
  instalmentOffer: 'or {count} interest-free payments of {amount}',
  instalmentInfo: 'Learn more about paying in instalments',
  instalmentModalTitle: 'Pay in instalments',
  instalmentModalUnavailable: 'Details about paying in instalments are unavailable right now.',

  // Restock notification (storefront.md §2, §4). Used when the merchandising context has no text.
  restockEmailLabel: 'Email address',
  restockEmailPlaceholder: 'Email address',
  restockButton: 'Sign Up',
  restockJoinMailingList: 'Join our mailing list',
  restockCta: 'Get notified when this item is back in stock.',

  // Additional-fields form and lightbox (storefront.md §2, §4, §5).
  additionalFieldsTitle: 'Additional information',
  characterCount: '{count} of {max} characters',
  selectPlaceholder: 'Select an option',
  requiredMark: '(required)',
} as const;

export type UiMessageKey = keyof typeof uiMessages;
