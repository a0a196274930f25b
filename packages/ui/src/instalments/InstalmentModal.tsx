import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { messages } from '@site/commerce-core';
import { uiMessages } from '../messages';

/** The information HTML the caller loads from the provider's static host. */
export type InstalmentModalContent =
  { state: 'loading' } | { state: 'ready'; html: string } | { state: 'failed' };

export interface InstalmentModalProps {
  isOpen: boolean;
  onClose: () => void;
  content: InstalmentModalContent;
  title?: string;
}

/**
 * Instalment information dialog (storefront.md §4): closes on the close button, Escape or a click
 * outside; React Aria traps focus inside and returns it to the opener. A failed load shows one
 * quiet sentence (the spec only logs a warning), never an error state.
 */
export function InstalmentModal({
  isOpen,
  onClose,
  content,
  title = uiMessages.instalmentModalTitle,
}: InstalmentModalProps) {
  return (
    <ModalOverlay
      className="sqs-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="sqs-modal sqs-instalment-modal">
        <Dialog className="sqs-modal__dialog">
          <div className="sqs-modal__header">
            <Heading slot="title" className="sqs-modal__title">
              {title}
            </Heading>
            <Button
              className="sqs-icon-button sqs-modal__close"
              aria-label={messages.close}
              onPress={onClose}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          <div className="sqs-modal__body" aria-busy={content.state === 'loading' || undefined}>
            {content.state === 'loading' ? (
              <p role="status">{uiMessages.loading}</p>
            ) : content.state === 'failed' ? (
              <p className="sqs-instalment-modal__fallback">{uiMessages.instalmentModalUnavailable}</p>
            ) : (
              // Provider-authored HTML fetched by the caller from the provider's own host.
              <div
                className="sqs-instalment-modal__content"
                dangerouslySetInnerHTML={{ __html: content.html }}
              />
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
