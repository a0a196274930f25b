/** The editor kit's own interface strings (the spec's editor messages live in @site/page-content). */
export const editorMessages = {
  unsavedTitle: 'You have unsaved changes',
  unsavedBody: (n: number) =>
    `${n === 1 ? 'One change has' : `${n} changes have`} not been saved. Save them, discard them, or go back and review them.`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'All changes saved',
  discard: 'Discard',
  reviewChanges: 'Review Changes',
  unsaved: 'Unsaved changes',
  saveFailed: 'Not saved',
  retry: 'Retry',
  deviceViews: 'Preview size',
  addBlock: 'Add block',
  searchBlocks: 'Search blocks',
  noBlocksMatch: (q: string) => `No block matches “${q}”.`,
  // Website components (platform.md §3 block type 1337).
  yourComponents: 'Your components',
  noComponentsYet: 'Select blocks on a page and choose Save as component to reuse them on other pages.',
  componentBlocks: (n: number) => (n === 1 ? '1 block' : `${n} blocks`),
  saveAsComponent: 'Save as component',
  componentName: 'Component name',
  componentNameHint: 'You find it by this name in the Add panel.',
  componentUsedOn: (pages: readonly string[]) =>
    pages.length === 0 ? 'Not used on any page yet' : `Used on ${pages.join(', ')}`,
  componentLiveNote: 'Changes to a component show on every page that uses it as soon as you save them.',
  loadingComponents: 'Loading your components…',
  inspectorEmpty: 'Select a block in the list or the preview to edit its settings.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  addItem: (label: string) => `Add ${label.toLowerCase()}`,
  itemN: (label: string, n: number) => `${label} ${n}`,
  listFull: (label: string, max: number) =>
    `This block holds at most ${max} ${label.toLowerCase()}s. Remove one to add another.`,
  noChoice: 'None selected',
  /** A picker whose chosen item (a member area) was removed since. */
  removedChoice: 'Removed',
  areaRemoved:
    'This member area was removed: the plan shows no price and no button. Choose another area, or make the button a link.',
  areaNotChosen: 'Choose the member area this plan sells: until then the plan shows no price and no button.',
  /** A plan that sells a paid area: its price is the area's. */
  areaPriceShown: (price: string) =>
    `Visitors see ${price}, the area’s price. Change it on the Member areas screen.`,
  areaIsFree: (area: string) =>
    `${area} is free now: the plan reads Free and its button leads to joining for free. Give the area a price on the Member areas screen.`,
  searchProducts: 'Search products',
  searchProductsHint: 'Type part of a name or SKU, then pick from the list.',
  noProductsFound: (query: string) => `No products match “${query}”.`,
  productSearchFailed: 'Products could not be loaded. Try again.',
  loading: 'Loading…',
  errorTitle: 'Something went wrong',
  errorBody: 'This part of the editor stopped working. Your saved work is safe.',
  reload: 'Reload',
  charactersLeft: (n: number) => `${n} characters left`,
  moneyHint: (currency: string, example: string) => `In ${currency}, for example ${example}.`,
  dismiss: 'Dismiss',
  tryAgain: 'Try again',
  showMore: (noun?: string) => (noun ? `Show more ${noun}` : 'Show more'),
  loadingMore: 'Loading more…',
  published: 'Published. Your changes are live.',
  viewLivePage: 'View the live page',
  productSaved: (title: string) => `Saved “${title}”.`,
  productAdded: (title: string) => `Added “${title}” to the store.`,
  viewInStore: 'View it in the store',
  addAnotherProduct: 'Add another product',
} as const;

/** The trial banner and the plan pages (platform.md §2: the editor's upgrade links). No real billing. */
export const billingMessages = {
  trialEndsIn: (days: number) =>
    days <= 0
      ? 'Your trial has ended.'
      : days === 1
        ? 'Your trial ends tomorrow.'
        : `Your trial ends in ${days} days.`,
  onPlan: (plan: string) => `This site is on the ${plan} plan.`,
  upgrade: 'Upgrade',
  managePlan: 'Manage plan',
  upgradeTitle: 'Choose a plan',
  subscriptionTitle: 'Website subscription',
  plans: {
    personal: { name: 'Personal', blurb: 'A site with pages, a blog and forms.' },
    business: { name: 'Business', blurb: 'Adds a store with up to 200 products per collection.' },
    commerce: { name: 'Commerce', blurb: 'Adds subscriptions, gift cards and member areas.' },
  },
  notConnected: 'Payments for plans are not connected on this server: nothing is charged.',
  noPlans: 'This server sells no plans: every site has every feature, with nothing to pay.',
  currentPlan: 'Current plan',
  trial: 'Trial',
} as const;

/** The Languages screen (platform.md §7 multilingual calls). */
export const languageMessages = {
  title: 'Languages',
  siteLanguage: (name: string) => `Site language: ${name}`,
  added: 'Languages visitors can choose (each at /code/…)',
  save: 'Save languages',
  saved: 'Languages saved',
  disconnect: 'Stop serving other languages',
  disconnected: 'Only the site language is served now. Translations are kept.',
} as const;

/** The Comments screen's site-wide switch (platform.md §3 commentsEnabled; each post has its own). */
export const commentSettingsMessages = {
  title: 'Comments on this site',
  allow: 'Let visitors comment on blog posts',
  hint: 'Off, no post shows comments or takes new ones, whatever the post’s own setting. On, each post’s “Allow comments” decides.',
  save: 'Save',
  saved: (on: boolean) =>
    on ? 'Comments are on: posts that allow them show the comment form.' : 'Comments are off on every post.',
} as const;
