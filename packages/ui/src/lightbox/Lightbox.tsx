import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { messages } from '@site/commerce-core';

export interface LightboxProps {
  isOpen: boolean;
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: string;
  children: ReactNode;
  closeLabel?: string;
}

/**
 * Modal lightbox (storefront.md §2, §4, §9). React Aria traps focus, closes on Escape and gives
 * focus back to the opener. A click outside does not close it, so a half-filled form is not lost
 * by a stray click. Placement (centred, or 50 px from the top when taller than the window) is
 * pure CSS in styles.css, so there is no resize handler to debounce.
 */
export function Lightbox({ isOpen, onClose, title, children, closeLabel = messages.close }: LightboxProps) {
  return (
    <ModalOverlay
      className="sqs-modal-overlay sqs-lightbox-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="sqs-modal sqs-lightbox">
        <Dialog className="sqs-modal__dialog">
          <div className="sqs-modal__header">
            <Heading slot="title" className="sqs-modal__title">
              {title}
            </Heading>
            <Button className="sqs-icon-button sqs-modal__close" aria-label={closeLabel} onPress={onClose}>
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          <div className="sqs-modal__body">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
