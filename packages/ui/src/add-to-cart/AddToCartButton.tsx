import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { ADD_TO_CART_TIMINGS, addToCartAlertTitle, messages, type PurchaseFlow } from '@site/commerce-core';
// The alert shows only after a failed add: loading it then keeps it off every product page's first load.
const AlertDialog = lazy(() => import('../alert/AlertDialog').then((m) => ({ default: m.AlertDialog })));

/** What the button is for; subscriptions, gift cards and express checkout navigate away on success. */
export type AddToCartKind = 'cart' | 'subscription' | 'gift-card' | 'express';

/** What `onAdd` resolves to. A rejected promise counts as `{ ok: false }` without a message. */
export type AddResult =
  | {
      ok: true;
      /** Where a navigating kind should go (checkout, subscription page with cart token). */ navigateTo?: string;
    }
  | { ok: false; needsOption: true }
  | {
      ok: false;
      needsOption?: false;
      /** Shown in an alert titled after the kind (storefront.md §8). */ error?: string;
    };

export type AddToCartState = 'idle' | 'adding' | 'added' | 'select-option';

export interface AddToCartButtonProps {
  /** Idle label; defaults to "Subscribe" for subscriptions, else "Add To Cart". */
  label?: string;
  kind?: AddToCartKind;
  /** Permanently shows "Sold Out" and disables the button; clearing it restores the label. */
  soldOut?: boolean;
  soldOutLabel?: string;
  isDisabled?: boolean;
  /** Performs the add (validation, API call); the button only shows its progress. */
  onAdd: () => Promise<AddResult>;
  /** Called instead of showing "Added!" for subscription, gift-card and express buttons. */
  onNavigate?: (result: { ok: true; navigateTo?: string }) => void;
  /** The button opens the product's additional-fields form (form id and form both exist). */
  formMode?: boolean;
  className?: string;
}

const NAVIGATING_KINDS: ReadonlySet<AddToCartKind> = new Set(['subscription', 'gift-card', 'express']);

const FLOW_OF_KIND: Record<AddToCartKind, PurchaseFlow> = {
  cart: 'cart',
  subscription: 'cart',
  'gift-card': 'gift-card',
  express: 'express-checkout',
};

const STATE_LABEL: Partial<Record<AddToCartState, string>> = {
  adding: messages.buttonAdding,
  added: messages.buttonAdded,
  'select-option': messages.buttonSelectOption,
};

/**
 * Add-to-cart button with the storefront's timed states (storefront.md §4, §9): idle → "Adding…"
 * → (1 s) "Added!" → (2 s) idle; a failure returns to idle after 1 s; a listing product that needs
 * an option shows "Select Option" for 2 s. Transitional states keep focus on the button
 * (aria-disabled via React Aria's pending state) so keyboard users are not thrown to the page top.
 */
export function AddToCartButton({
  label,
  kind = 'cart',
  soldOut = false,
  soldOutLabel = messages.buttonSoldOut,
  isDisabled = false,
  onAdd,
  onNavigate,
  formMode = false,
  className,
}: AddToCartButtonProps) {
  const [state, setState] = useState<AddToCartState>('idle');
  const [alert, setAlert] = useState<string | undefined>();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      timers.current.forEach(clearTimeout);
      timers.current = [];
    };
  }, []);

  const after = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  };

  const idleLabel = label ?? (kind === 'subscription' ? messages.subscribe : messages.addToCart);
  const text = soldOut ? soldOutLabel : (STATE_LABEL[state] ?? idleLabel);

  const press = async () => {
    if (state !== 'idle' || soldOut || isDisabled) return;
    setState('adding');
    let result: AddResult;
    try {
      result = await onAdd();
    } catch {
      result = { ok: false };
    }
    if (!mounted.current) return;
    if (result.ok) {
      if (NAVIGATING_KINDS.has(kind)) {
        // The page is about to change; "Added!" would only flash, so it is skipped.
        setState('idle');
        onNavigate?.(result);
        return;
      }
      after(ADD_TO_CART_TIMINGS.addedDelayMs, () => {
        setState('added');
        after(ADD_TO_CART_TIMINGS.addedStateMs, () => setState('idle'));
      });
    } else if (result.needsOption) {
      setState('select-option');
      after(ADD_TO_CART_TIMINGS.selectOptionMs, () => setState('idle'));
    } else {
      if (result.error) setAlert(result.error);
      after(ADD_TO_CART_TIMINGS.failureResetMs, () => setState('idle'));
    }
  };

  return (
    <span className={['sqs-add-to-cart', className].filter(Boolean).join(' ')}>
      <Button
        className="sqs-button sqs-add-to-cart-button"
        data-state={soldOut ? 'sold-out' : state}
        data-form-mode={formMode || undefined}
        isDisabled={soldOut || isDisabled}
        isPending={!soldOut && state !== 'idle'}
        onPress={() => void press()}
      >
        {text}
      </Button>
      {/* Status changes are announced here because a label change on a focused button is not. */}
      <span role="status" className="sqs-visually-hidden">
        {soldOut ? '' : (STATE_LABEL[state] ?? '')}
      </span>
      {alert !== undefined && (
        <Suspense fallback={null}>
          <AlertDialog
            isOpen
            title={addToCartAlertTitle(FLOW_OF_KIND[kind])}
            message={alert}
            onClose={() => setAlert(undefined)}
          />
        </Suspense>
      )}
    </span>
  );
}
