import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface DialogAction {
  label: string;
  onPress: () => void;
  variant?: 'primary' | 'secondary' | 'danger';
  isDisabled?: boolean;
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children?: ReactNode;
  /** Buttons left to right; the last one is the default action and gets focus. */
  actions: readonly DialogAction[];
  /** Escape and a click outside call this; omit it to require an explicit choice. */
  onDismiss?: () => void;
}

/**
 * The editor's modal: React Aria traps focus inside, restores it on close and labels the
 * dialog by its heading. A confirm dialog resolves to a choice (platform.md §4).
 */
export function ConfirmDialog({ isOpen, title, children, actions, onDismiss }: ConfirmDialogProps) {
  return (
    <ModalOverlay
      className="ed-modal-overlay"
      isOpen={isOpen}
      isDismissable={Boolean(onDismiss)}
      isKeyboardDismissDisabled={!onDismiss}
      onOpenChange={(open) => {
        if (!open) onDismiss?.();
      }}
    >
      <Modal className="ed-modal">
        <Dialog className="ed-dialog" role="alertdialog">
          <Heading slot="title" className="ed-dialog__title">
            {title}
          </Heading>
          <div className="ed-dialog__body">{children}</div>
          <div className="ed-dialog__actions">
            {actions.map((action, i) => (
              <Button
                key={action.label}
                className={`ed-button ed-button--${action.variant ?? 'secondary'}`}
                onPress={action.onPress}
                isDisabled={action.isDisabled}
                autoFocus={i === actions.length - 1}
              >
                {action.label}
              </Button>
            ))}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
