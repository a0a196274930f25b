import { useEffect, useRef } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { uiMessages } from '../messages';

export interface AlertDialogProps {
  isOpen: boolean;
  /** E.g. addToCartAlertTitle(flow): "Unable to Add Item", "Unable to Purchase Item", … */
  title: string;
  message: string;
  /** Called when the visitor presses OK or Escape. */
  onClose: () => void;
  okLabel?: string;
}

/**
 * Centred alert (storefront.md §8). React Aria's modal traps focus, moves it to OK on open and
 * gives it back to the element that had it (usually the add-to-cart button) on close. A click
 * outside does not dismiss it: an alert asks for an explicit acknowledgement.
 */
export function AlertDialog({ isOpen, title, message, onClose, okLabel = uiMessages.ok }: AlertDialogProps) {
  const okRef = useRef<HTMLButtonElement>(null);
  // React Aria's Dialog focuses itself when it mounts already open, which would win over
  // autoFocus; the alert pattern wants OK focused, so it is moved there once the dialog settled.
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(() => okRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  return (
    <ModalOverlay
      className="sqs-modal-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="sqs-alert">
        <Dialog role="alertdialog" className="sqs-alert__dialog">
          <Heading slot="title" className="sqs-alert__title">
            {title}
          </Heading>
          <p className="sqs-alert__message">{message}</p>
          <Button ref={okRef} className="sqs-button sqs-alert__ok" onPress={onClose} autoFocus>
            {okLabel}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
