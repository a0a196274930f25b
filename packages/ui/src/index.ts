export { CartIndicator, type CartIndicatorProps } from './cart-indicator/CartIndicator';
export { cartLinkLabel } from './cart-indicator/CartIndicator';
export { uiMessages, type UiMessageKey } from './messages';
export {
  AddToCartButton,
  type AddToCartButtonProps,
  type AddToCartKind,
  type AddResult,
  type AddToCartState,
} from './add-to-cart/AddToCartButton';
export { AlertDialog, type AlertDialogProps } from './alert/AlertDialog';
export {
  CartPopover,
  popoverPosition,
  type CartPopoverProps,
  type CartPopoverNotice,
  type CartPopoverAnchor,
} from './cart-popover/CartPopover';
export { PillCart, type PillCartProps } from './pill-cart/PillCart';
export {
  RestockForm,
  restockServerMessage,
  type RestockFormProps,
  type RestockSubmission,
  type RestockMerchandising,
} from './restock/RestockForm';
export { InstalmentPill, instalmentPillText, type InstalmentPillProps } from './instalments/InstalmentPill';
export {
  InstalmentModal,
  type InstalmentModalProps,
  type InstalmentModalContent,
} from './instalments/InstalmentModal';
export { Lightbox, type LightboxProps } from './lightbox/Lightbox';
export {
  AdditionalFieldsForm,
  type AdditionalFieldsFormProps,
  type AdditionalFieldsSubmitResult,
} from './additional-fields/AdditionalFieldsForm';
export * from './form-controls/index';
export * from './cart-page/index';
export { CartDrawer, type CartDrawerProps } from './cart-drawer/CartDrawer';
export * from './checkout/index';
export * from './order/index';
export * from './editor/index';
