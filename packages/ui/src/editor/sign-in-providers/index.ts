export {
  SignInProvidersPanel,
  signInProvidersMessages,
  type SignInProviderDraft,
  type SignInProviderField,
  type SignInProviderSaveError,
  type SignInProvidersPanelProps,
} from './SignInProvidersPanel';
