import {
  currencyInfo,
  fillMessage,
  formatMinorWithSymbol,
  isCurrencyCode,
  minorToDecimalString,
  type DonationRow,
} from '@site/commerce-core';
import { parseTypedAmount, paymentMessages } from '@site/commerce-core/admin';
import { useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { storeMessages as m } from './store-messages';

export interface DonationRefundDialogProps {
  /** The donation to refund; the dialog is open while it is set. */
  donation?: DonationRow;
  /** Set while the refund call runs. */
  isBusy?: boolean;
  /** The server's refusal (the processor declined, someone refunded meanwhile). */
  error?: string;
  /** The amount as typed ("4.25") once it reads as money within what is left to refund. */
  onRefund: (donation: DonationRow, amount: string) => void;
  onClose: () => void;
}

/** What is still refundable of a donation, in its currency's minor units. */
export const donationRefundable = (d: DonationRow) => Math.max(0, d.amountCents - d.refundedCents);

const currencyOf = (d: DonationRow) => (isCurrencyCode(d.currency) ? d.currency : 'USD');

/**
 * Gives back part or all of a donation, such as one given twice by mistake: the amount starts at
 * what is left and is checked as money before it is sent.
 */
export function DonationRefundDialog({
  donation,
  isBusy,
  error: serverError,
  onRefund,
  onClose,
}: DonationRefundDialogProps) {
  return (
    <ModalOverlay
      className="ed-modal-overlay"
      isOpen={Boolean(donation)}
      isDismissable={!isBusy}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="ed-modal">
        {/* Keyed by donation so each opening starts from that donation's amount. */}
        {donation && (
          <RefundForm
            key={donation.id}
            donation={donation}
            isBusy={isBusy}
            serverError={serverError}
            onRefund={onRefund}
            onClose={onClose}
          />
        )}
      </Modal>
    </ModalOverlay>
  );
}

function RefundForm({
  donation,
  isBusy,
  serverError,
  onRefund,
  onClose,
}: {
  donation: DonationRow;
  isBusy?: boolean;
  serverError?: string;
  onRefund: DonationRefundDialogProps['onRefund'];
  onClose: () => void;
}) {
  const id = useId();
  const currency = currencyOf(donation);
  const decimals = currencyInfo(currency).decimals;
  const left = donationRefundable(donation);
  const leftText = formatMinorWithSymbol(BigInt(left), currency);
  const [amount, setAmount] = useState(() => minorToDecimalString(BigInt(left), currency));
  const [localError, setLocalError] = useState<string>();
  const error = localError ?? serverError;
  return (
    <Dialog className="ed-dialog" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const minor = parseTypedAmount(amount, decimals);
          if (minor === undefined || minor <= 0) return setLocalError(paymentMessages.refundAmountInvalid);
          if (minor > left)
            return setLocalError(fillMessage(paymentMessages.donationRefundTooHigh, { amount: leftText }));
          onRefund(donation, amount);
        }}
      >
        <Heading slot="title" id={`${id}-title`} className="ed-dialog__title">
          {m.refundDonationTitle(
            donation.donorName,
            formatMinorWithSymbol(BigInt(donation.amountCents), currency),
          )}
        </Heading>
        <div className="ed-dialog__body">
          <div className="ed-field">
            <label className="ed-field__label" htmlFor={`${id}-amount`}>
              {m.refundAmountLabel(currency)}
            </label>
            <input
              id={`${id}-amount`}
              className="ed-input"
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              disabled={isBusy}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setLocalError(undefined);
              }}
            />
            <p id={`${id}-hint`} className="ed-field__hint">
              {m.donationRefundHint(leftText)}
            </p>
            {error && (
              <p id={`${id}-error`} className="ed-field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        </div>
        <div className="ed-dialog__actions">
          <Button className="ed-button ed-button--secondary" onPress={onClose} isDisabled={isBusy}>
            {m.cancel}
          </Button>
          <Button type="submit" className="ed-button ed-button--danger" isDisabled={isBusy}>
            {isBusy ? m.refunding : m.refundButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
