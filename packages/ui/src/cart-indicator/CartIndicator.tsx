export interface CartIndicatorProps {
  /** Total quantity of items in the cart; undefined while the cart is loading. */
  itemCount?: number;
  /** The subtotal already formatted in the store currency. */
  subtotalText?: string;
  href?: string;
  /** The cart could not be loaded; the link still works. */
  error?: boolean;
}

const COUNT_CAP = 100;

/** Header cart link: count and subtotal, marked empty at 0 (storefront.md §2). */
export function CartIndicator({ itemCount, subtotalText, href = '/cart', error = false }: CartIndicatorProps) {
  const loading = itemCount === undefined && !error;
  const count = itemCount ?? 0;
  const countText = count > COUNT_CAP ? `${COUNT_CAP}+` : String(count);
  const label = loading
    ? 'Cart, loading'
    : error
      ? 'Cart, contents unavailable'
      : `Cart, ${count === 1 ? '1 item' : `${countText} items`}${subtotalText ? `, subtotal ${subtotalText}` : ''}`;
  return (
    <a
      className="sqs-cart-indicator"
      href={href}
      aria-label={label}
      data-empty={count === 0 ? 'true' : 'false'}
      aria-busy={loading || undefined}
    >
      <span className="sqs-cart-indicator__icon" aria-hidden="true">
        🛒
      </span>
      <span className="sqs-cart-indicator__count" aria-hidden="true">
        {loading ? '…' : error ? '!' : countText}
      </span>
      {subtotalText && count > 0 ? (
        <span className="sqs-cart-indicator__subtotal" aria-hidden="true">
          {subtotalText}
        </span>
      ) : null}
    </a>
  );
}
