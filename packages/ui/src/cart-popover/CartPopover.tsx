import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Button } from 'react-aria-components';
import { ADD_TO_CART_TIMINGS, fillMessage, messages } from '@site/commerce-core';
import { throttle } from './throttle';

export interface CartPopoverNotice {
  productName: string;
  /** Change it for every add so a second add of the same product restarts the 3 s timer. */
  id?: string | number;
}

export type CartPopoverAnchor = Element | null | undefined | { readonly current: Element | null };

export interface CartPopoverProps {
  /** The item just added; null or undefined hides the popover. */
  notice?: CartPopoverNotice | null;
  /** Called on Close, Escape or when the display time runs out. */
  onClose: () => void;
  /** The cart indicator to snap to (element or ref); top right of the window when not visible. */
  anchor?: CartPopoverAnchor;
  durationMs?: number;
}

const GAP_PX = 8;
const EDGE_PX = 16;

function resolve(anchor: CartPopoverAnchor): Element | null {
  if (!anchor) return null;
  return 'current' in anchor ? anchor.current : anchor;
}

/** Where the popover goes: under the visible indicator, right-aligned with it, else top right. */
export function popoverPosition(
  anchor: Element | null,
  win: Pick<Window, 'innerWidth' | 'innerHeight'>,
): CSSProperties {
  const rect = anchor?.getBoundingClientRect();
  const visible =
    rect !== undefined &&
    rect.width > 0 &&
    rect.height > 0 &&
    rect.bottom > 0 &&
    rect.right > 0 &&
    rect.top < win.innerHeight &&
    rect.left < win.innerWidth;
  if (!visible) return { top: EDGE_PX, right: EDGE_PX };
  return { top: rect.bottom + GAP_PX, right: Math.max(EDGE_PX, win.innerWidth - rect.right) };
}

/**
 * "{productName} was added to your cart." (storefront.md §2, platform.md §2). It is a polite
 * status, not a dialog: focus stays where the visitor is. The timer pauses while the pointer or
 * focus is inside so the Close button stays reachable (WCAG 2.2.1), then restarts in full.
 */
export function CartPopover({
  notice,
  onClose,
  anchor,
  durationMs = ADD_TO_CART_TIMINGS.popoverMs,
}: CartPopoverProps) {
  const open = !!notice;
  const [position, setPosition] = useState<CSSProperties>({ top: EDGE_PX, right: EDGE_PX });
  const [paused, setPaused] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  const place = useCallback(() => setPosition(popoverPosition(resolve(anchor), window)), [anchor]);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place, notice?.id]);

  useEffect(() => {
    if (!open) return;
    const onScroll = throttle(place, ADD_TO_CART_TIMINGS.popoverScrollThrottleMs);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [open, place]);

  useEffect(() => {
    if (!open || paused) return;
    const t = setTimeout(() => closeRef.current(), durationMs);
    return () => clearTimeout(t);
  }, [open, paused, durationMs, notice?.id, notice?.productName]);

  useEffect(() => {
    if (!open) setPaused(false);
  }, [open]);

  const text = notice ? fillMessage(messages.itemAddedPopover, { productName: notice.productName }) : '';

  // The wrapper and its status line stay mounted while closed, so screen readers register the
  // live region before the message is inserted into it.
  return (
    <div
      className="sqs-cart-popover"
      data-open={open}
      style={open ? position : undefined}
      onMouseEnter={() => open && setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => open && setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={(e) => {
        if (open && e.key === 'Escape') onClose();
      }}
    >
      <p role="status" className="sqs-cart-popover__message">
        {text}
      </p>
      {open ? (
        <Button className="sqs-button sqs-cart-popover__close" onPress={onClose}>
          {messages.close}
        </Button>
      ) : null}
    </div>
  );
}
