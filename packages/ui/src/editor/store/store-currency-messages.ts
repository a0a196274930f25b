/** The store currency panel's words (the server's refusals and its confirmation come from the API). */
export const storeCurrencyMessages = {
  title: 'Store currency',
  intro: 'Prices are shown and charged in this currency.',
  loading: 'Loading the store currency…',
  label: 'Currency',
  noOrdersHint: 'Prices keep the amounts you typed; only the currency changes.',
  ordersHint: (count: number) =>
    `Your store has ${count === 1 ? '1 order' : `${count} orders`}: they keep the currency they were placed in. Prices keep the amounts you typed.`,
  save: 'Save currency',
  saving: 'Saving…',
  saved: (label: string) => `Prices are now in ${label}.`,
  confirmTitle: 'Change the store currency?',
  keep: (label: string) => `Keep ${label}`,
  confirm: (code: string) => `Change to ${code}`,
} as const;
