import type { ReactNode } from 'react';
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { CART_PAGE_TITLE_ID } from '../cart-page/CartPage';
import { uiMessages } from '../messages';

export interface CartDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  /** The cart, usually a CartPage whose "Continue shopping" calls onClose. */
  children: ReactNode;
  /** The id of the heading that names the drawer; the CartPage's own heading by default. */
  labelledBy?: string;
}

/**
 * The cart drawer (page type 205, cart v2): the cart in a panel from the right, the whole width
 * on a phone. React Aria makes it a modal dialog: focus stays inside and goes back to the control
 * that opened it, Escape and a click on the dimmed page close it. Unlike the lightbox, nothing in
 * the cart is lost by closing it, so the backdrop may dismiss it.
 */
export function CartDrawer({ isOpen, onClose, children, labelledBy = CART_PAGE_TITLE_ID }: CartDrawerProps) {
  return (
    <ModalOverlay
      className="sqs-cart-drawer-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="sqs-cart-drawer">
        <Dialog
          className="sqs-cart-drawer__dialog"
          aria-labelledby={labelledBy}
          // React Aria hides the page from assistive technology instead and drops aria-modal from
          // the props; screen readers that go by the attribute still need to hear it is modal.
          ref={(dialog) => dialog?.setAttribute('aria-modal', 'true')}
        >
          <Button
            className="sqs-icon-button sqs-cart-drawer__close"
            aria-label={uiMessages.closeCart}
            onPress={onClose}
          >
            <span aria-hidden="true">×</span>
          </Button>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
