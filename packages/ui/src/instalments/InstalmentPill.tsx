import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import {
  DEFAULT_INSTALMENT_COUNT,
  fillMessage,
  formatMinorWithSymbol,
  instalmentOffer,
  type CurrencyCode,
} from '@site/commerce-core';
import { uiMessages } from '../messages';
import type { InstalmentModalContent } from './InstalmentModal';

// The modal's code loads when the shopper first opens it, not with every product page.
const InstalmentModal = lazy(() => import('./InstalmentModal').then((m) => ({ default: m.InstalmentModal })));

export interface InstalmentPillProps {
  /** Product price in minor units (cents). */
  priceMinor: bigint | number;
  /** Order bounds in minor units (InstalmentContext.afterPayMin / afterPayMax). */
  bounds: { min: number; max: number };
  currency: CurrencyCode;
  count?: number;
  /** Called when the modal opens, so the caller can start loading its HTML. */
  onOpen?: () => void;
  modalContent: InstalmentModalContent;
  modalTitle?: string;
}

/** The pill's sentence: the offer when min < price ≤ max, else the out-of-range text. */
export function instalmentPillText(
  priceMinor: bigint | number,
  bounds: { min: number; max: number },
  currency: CurrencyCode,
  count = DEFAULT_INSTALMENT_COUNT,
): string {
  const offer = instalmentOffer(BigInt(priceMinor), bounds, currency, count);
  if (offer.kind !== 'offer')
    return fillMessage(uiMessages.instalmentOutOfRange, { count, availability: offer.message });
  // splitMinor puts the remainder cents first, so the first instalment is the largest one.
  const amount = formatMinorWithSymbol(offer.instalments[0] ?? 0n, currency);
  return fillMessage(uiMessages.instalmentOffer, { count: offer.count, amount });
}

/**
 * Buy-now-pay-later pill with its info button and modal (storefront.md §2, §4, §5). The info
 * button is the keyboard control; a click anywhere on the pill does the same for pointer users and
 * first focuses the info button so focus has somewhere to return to when the modal closes.
 */
export function InstalmentPill({
  priceMinor,
  bounds,
  currency,
  count,
  onOpen,
  modalContent,
  modalTitle,
}: InstalmentPillProps) {
  const [open, setOpen] = useState(false);
  const infoRef = useRef<HTMLButtonElement>(null);
  const openModal = () => {
    if (open) return;
    infoRef.current?.focus();
    setOpen(true);
    onOpen?.();
  };
  // The modal sits outside the pill: React bubbles portal events through the component tree, and a
  // click on the modal's close button must not reach the pill's click handler and reopen it.
  return (
    <>
      <div className="sqs-instalment-pill" data-open={open} onClick={openModal}>
        <span className="sqs-instalment-pill__text">
          {instalmentPillText(priceMinor, bounds, currency, count)}
        </span>
        <Button
          ref={infoRef}
          className="sqs-icon-button sqs-instalment-pill__info"
          aria-label={uiMessages.instalmentInfo}
          aria-haspopup="dialog"
          onPress={openModal}
        >
          {/* Drawn, not the ⓘ character: many phone fonts have no glyph for it. */}
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" focusable="false">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 7v4.5M8 4.5v.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </Button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <InstalmentModal isOpen onClose={() => setOpen(false)} content={modalContent} title={modalTitle} />
        </Suspense>
      )}
    </>
  );
}
