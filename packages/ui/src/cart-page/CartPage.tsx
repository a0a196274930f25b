import { type CurrencyCode, checkCheckoutMinimum, displayedSubtotal, fillMessage } from '@site/commerce-core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { uiMessages } from '../messages';
import { CartLineItem } from './CartLineItem';
import { type CartAction, type CartActionError, CartActionRefused, cartActionError } from './errors';
import type { DisplayCart } from './types';

/** The cart's heading, which also names the drawer that holds it. */
export const CART_PAGE_TITLE_ID = 'sqs-cart-page-title';

export type CartPageStatus = 'loading' | 'error' | 'ready';

export interface CartPageProps {
  /** The cart with display data; leave it undefined while it loads. */
  cart?: DisplayCart;
  /** Defaults to 'ready' with a cart and 'loading' without one. */
  status?: CartPageStatus;
  /** Store currency (StoreSettings.selectedCurrency). */
  currency: CurrencyCode;
  /** Retry after a failed load ("Unable to load. Try again."). */
  onRetry?: () => void;
  /** Set from outside while the cart is recomputed for another reason (e.g. a form-field update). */
  recalculating?: boolean;
  /** Resolve once the cart prop holds the new quantity; reject to show "Unable to update quantity". */
  onQuantityChange: (entryId: string, quantity: number) => Promise<void>;
  /** Resolve once the entry is gone from the cart prop; reject to show "Unable to remove item". */
  onRemove: (entryId: string) => Promise<void>;
  /**
   * Open the additional-fields form of an entry (the lightbox belongs to the wiring). Return a
   * promise that settles when the form is saved: the cart shows "recalculating" meanwhile, and a
   * rejection shows "Unable to update form".
   */
  onEditDetails?: (entryId: string) => Promise<void> | void;
  onCheckout: () => void;
  continueShoppingHref: string;
  /**
   * Makes "Continue shopping" a button that calls this instead of a link to `continueShoppingHref`:
   * in the cart drawer it closes the drawer and leaves the shopper on the page they were on.
   */
  onContinueShopping?: () => void;
  /** StoreSettings.checkoutMinimumSubtotalCents; 0 means no minimum. */
  checkoutMinimumCents?: number;
  /** Whether the browser is online when an action fails; defaults to navigator.onLine. */
  isOnline?: () => boolean;
  title?: string;
}

/**
 * The full-page cart (storefront.md §2, §4, §8), mounted on #sqs-cart-root. Controlled: it shows
 * the cart it is given and reports edits through promise-returning callbacks; while one is in
 * flight the cart is "recalculating" (totals marked busy, checkout held back) and the edited line
 * waits. Failures are shown on the line they concern.
 */
export function CartPage({
  cart,
  status,
  currency,
  onRetry,
  recalculating = false,
  onQuantityChange,
  onRemove,
  onEditDetails,
  onCheckout,
  continueShoppingHref,
  onContinueShopping,
  checkoutMinimumCents = 0,
  isOnline,
  title = uiMessages.cartTitle,
}: CartPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const minimumId = useId();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Readonly<Record<string, CartActionError>>>({});
  const [announcement, setAnnouncement] = useState('');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (entryId: string, action: CartAction, work: () => Promise<void> | void, done?: () => void) => {
      setPending((p) => new Set(p).add(entryId));
      setErrors(({ [entryId]: _cleared, ...rest }) => rest);
      try {
        await work();
        if (!mounted.current) return;
        done?.();
      } catch (err) {
        if (!mounted.current) return;
        const error =
          err instanceof CartActionRefused
            ? { title: err.message, detail: '' }
            : cartActionError(action, isOnline);
        setErrors((e) => ({ ...e, [entryId]: error }));
      } finally {
        if (mounted.current) {
          setPending((p) => {
            const next = new Set(p);
            next.delete(entryId);
            return next;
          });
        }
      }
    },
    [isOnline],
  );

  const continueShopping = (className: string) =>
    onContinueShopping ? (
      <Button className={className} onPress={onContinueShopping}>
        {uiMessages.continueShopping}
      </Button>
    ) : (
      <a className={className} href={continueShoppingHref}>
        {uiMessages.continueShopping}
      </a>
    );

  const effectiveStatus: CartPageStatus = status ?? (cart ? 'ready' : 'loading');

  if (effectiveStatus === 'loading') {
    return (
      <section
        className="sqs-cart-page"
        aria-labelledby={CART_PAGE_TITLE_ID}
        aria-busy="true"
        data-state="loading"
      >
        <h2 id={CART_PAGE_TITLE_ID} className="sqs-cart-page__title">
          {title}
        </h2>
        <p role="status" className="sqs-cart-page__loading">
          {uiMessages.loading}
        </p>
      </section>
    );
  }

  if (effectiveStatus === 'error' || !cart) {
    return (
      <section className="sqs-cart-page" aria-labelledby={CART_PAGE_TITLE_ID} data-state="error">
        <h2 id={CART_PAGE_TITLE_ID} className="sqs-cart-page__title">
          {title}
        </h2>
        <p role="alert" className="sqs-cart-page__load-error">
          {uiMessages.cartLoadFailed}{' '}
          {onRetry ? (
            <Button className="sqs-link-button" onPress={onRetry}>
              {uiMessages.cartRetry}
            </Button>
          ) : (
            uiMessages.cartRetry
          )}
        </p>
      </section>
    );
  }

  const isRecalculating = recalculating || pending.size > 0;
  const liveRegion = (
    // Always mounted, so screen readers are listening before the text changes.
    <p role="status" className="sqs-visually-hidden">
      {isRecalculating ? uiMessages.cartUpdating : announcement}
    </p>
  );

  if (cart.entries.length === 0) {
    return (
      <section className="sqs-cart-page" aria-labelledby={CART_PAGE_TITLE_ID} data-state="empty">
        <h2 id={CART_PAGE_TITLE_ID} className="sqs-cart-page__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {liveRegion}
        <div className="sqs-cart-page__empty">
          <p className="sqs-cart-page__empty-message">{uiMessages.cartEmpty}</p>
          <p className="sqs-cart-page__empty-hint">{uiMessages.cartEmptyHint}</p>
          {continueShopping('sqs-button')}
        </div>
      </section>
    );
  }

  const minimum = checkCheckoutMinimum(cart.subtotalCents, checkoutMinimumCents, currency);

  const changeQuantity = (entryId: string, quantity: number) =>
    void run(
      entryId,
      'quantity',
      () => onQuantityChange(entryId, quantity),
      () => setAnnouncement(uiMessages.cartUpdated),
    );

  const remove = (entryId: string, entryTitle: string) =>
    void run(
      entryId,
      'remove',
      () => onRemove(entryId),
      () => {
        setAnnouncement(fillMessage(uiMessages.cartItemRemoved, { title: entryTitle }));
        // The removed line took the focused button with it; the heading is the nearest landmark.
        headingRef.current?.focus();
      },
    );

  const editDetails = onEditDetails
    ? (entryId: string) =>
        void run(
          entryId,
          'form',
          () => onEditDetails(entryId),
          () => setAnnouncement(uiMessages.cartUpdated),
        )
    : undefined;

  return (
    <section
      className="sqs-cart-page"
      aria-labelledby={CART_PAGE_TITLE_ID}
      data-state={isRecalculating ? 'recalculating' : 'loaded'}
    >
      <h2 id={CART_PAGE_TITLE_ID} className="sqs-cart-page__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {liveRegion}
      <ul className="sqs-cart-page__items" aria-label={uiMessages.cartItems}>
        {cart.entries.map((entry) => (
          <CartLineItem
            key={entry.id}
            entry={entry}
            currency={currency}
            isPending={pending.has(entry.id)}
            error={errors[entry.id]}
            onQuantityCommit={(q) => changeQuantity(entry.id, q)}
            onRemove={() => remove(entry.id, entry.title)}
            onEditDetails={editDetails ? () => editDetails(entry.id) : undefined}
          />
        ))}
      </ul>
      <div className="sqs-cart-page__summary" aria-busy={isRecalculating || undefined}>
        <p className="sqs-cart-page__subtotal">
          <span>{uiMessages.subtotal}</span>{' '}
          <span className="sqs-cart-page__subtotal-value">{displayedSubtotal(cart, currency)}</span>
        </p>
        {minimum.ok ? null : (
          <p id={minimumId} className="sqs-cart-page__minimum">
            {minimum.message}
          </p>
        )}
        <div className="sqs-cart-page__actions">
          {continueShopping('sqs-button sqs-button--secondary')}
          <Button
            className="sqs-button sqs-cart-page__checkout"
            isDisabled={!minimum.ok || isRecalculating}
            aria-describedby={minimum.ok ? undefined : minimumId}
            onPress={onCheckout}
          >
            {uiMessages.checkoutButton}
          </Button>
        </div>
      </div>
    </section>
  );
}
