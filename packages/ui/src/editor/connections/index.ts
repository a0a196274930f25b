export { MailingListPanel, mailingListPanelMessages, type MailingListPanelProps } from './MailingListPanel';
export { AutomationPanel, automationStatus, type AutomationPanelProps } from './AutomationPanel';
