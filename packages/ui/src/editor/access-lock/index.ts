export { LockPasswordField, lockChange, type LockPasswordFieldProps } from './LockPasswordField';
export { SitePasswordDialog, type SitePasswordDialogProps } from './SitePasswordDialog';
export { accessLockMessages } from './access-lock-messages';
