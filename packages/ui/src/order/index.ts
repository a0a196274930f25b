export { OrderConfirmation, type OrderConfirmationProps, type ConfirmedOrder } from './OrderConfirmation';
