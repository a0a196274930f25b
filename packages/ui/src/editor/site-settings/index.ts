export { SiteProfileForm, siteProfileFormMessages, type SiteProfileFormProps } from './SiteProfileForm';
export { SettingsPanel, type SettingsPanelProps } from './SettingsPanel';
export { PaymentSettingsPanel, type PaymentSettingsPanelProps } from './PaymentSettingsPanel';
export {
  CookieConsentPanel,
  cookieConsentChoices,
  cookieConsentSaved,
  cookieConsentWhereChoices,
  type CookieConsentPanelProps,
} from './CookieConsentPanel';
export {
  BusinessHoursPanel,
  businessHoursPanelMessages,
  type BusinessHoursPanelProps,
} from './BusinessHoursPanel';
export { SiteLogoPanel, siteLogoPanelMessages, type SiteLogoPanelProps } from './SiteLogoPanel';
