import type { ShopEmailKind } from '@site/commerce-core/admin';

/** The shop emails screen's words. */
export const shopEmailWords = {
  title: 'Emails',
  loading: 'Loading the shop’s emails…',
  screenIntro:
    'The emails your shop sends. Change the subject, the opening text and the colour; the order details are filled in when each email is sent.',
  listLabel: 'Shop emails',
  names: {
    'order-receipt': 'Order confirmation',
    shipping: 'Order shipped',
    'new-order': 'New order (to you)',
    'low-stock': 'Low stock (to you)',
    'cart-recovery': 'Abandoned cart',
  } satisfies Record<ShopEmailKind, string>,
  purposes: {
    'order-receipt': 'Sent to the customer after checkout, with what they bought.',
    shipping: 'Sent to the customer when you mark an order fulfilled.',
    'new-order': 'Sent to you, and the addresses you list in the store settings, when an order comes in.',
    'low-stock': 'Sent to you when a product’s stock falls to the threshold in the store settings.',
    'cart-recovery': 'Sent once to a shopper who typed their email and left without ordering.',
  } satisfies Record<ShopEmailKind, string>,
  sent: 'On',
  notSent: 'Off',
  offHint: 'This email is off in the store settings: it is not sent until you turn it on there.',
  subject: 'Subject',
  openingText: 'Opening text',
  accent: 'Button and header colour',
  accentHint: 'Restore the default to go back to the standard colour.',
  placeholdersHint: (list: string) => `Empty for the standard subject. You can use ${list}.`,
  emptyHint: 'Empty for the standard text.',
  save: 'Save email',
  saving: 'Saving…',
  saved: 'Saved',
  unsaved: 'Unsaved changes: the preview shows them.',
  sendTest: 'Send me a test',
  sending: 'Sending…',
  saveBeforeTest: 'A test sends the saved email: save your changes first.',
  restore: 'Restore the default',
  previewLabel: 'Preview',
  updating: 'Updating the preview…',
  frameTitle: (name: string) => `Preview of the ${name} email`,
} as const;
