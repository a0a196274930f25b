/**
 * Every user-facing string of the page-content and editor domain, in one place so it can be
 * translated and audited. Spec texts (platform.md §5, §8) are verbatim; the others are ours,
 * written for places the spec leaves "not shown".
 */
export const messages = {
  // platform.md §8 — editor
  unableToLoadResults: 'Unable to load results',
  unableToLoadTryAgain: 'Unable to load. Try again.',
  somethingWentWrong: 'Something went wrong',
  unableToLoadCollections: 'Unable to load collections',
  unableToConnect: 'Unable to connect. Please try again',
  networkError: 'Network error',
  unableToLocateContent: 'Unable to locate content',
  noResponseDataFromJob: 'No response data from job request',
  failedToLoadTimezone: (timeZone: string) =>
    `Failed to load timezone ${timeZone}, retry connection or verify site availability`,
  pleaseTryAgain: 'Please try again.',
  checkConnection: 'Please check your internet connection.',
  updateMissingInfo: 'Update the missing or invalid information above.',
  // platform.md §8 — platform
  noMainNavigation: 'Unable to find site main navigation',
  // platform.md §5 — editor validation
  notValidPageUrl: (val: string) => `${val} is not a valid page URL`,
  notExpectedOption: (val: string) => `${val} is not one of the expected options`,
  pleaseEnterValidEmail: 'Please enter a valid email',
  emailsMustBeFormatted: (email: string) => `Emails must be formatted as ${email}`,
  linksMustBeFormatted: (host: string, otherHost: string) =>
    `Links must be formatted as ${host} or ${otherHost}`,
  // platform.md §8 — editor (code blocks)
  codeEditingUnavailableOnAndroid: 'Code editing is not available on Android',

  // Ours: the page editor (the spec leaves these "not shown").
  galleryFull: (max: number) => `A gallery holds at most ${max} images. Remove one to add another.`,
  // platform.md §5 (editor), verbatim.
  videoBasicTier: 'Video from a basic-tier video-host account is unsupported.',
  // Ours: gallery media types (platform.md §3).
  videoHostUnsupported: 'Paste a link to a video on YouTube or Vimeo.',
  videoNotFound: 'That video could not be found. It may be private or removed.',
  videoLookupFailed: 'The video host did not answer. Try again in a moment.',
  videoLookupOff: 'Looking up videos is turned off on this install.',
  galleryImageMissing: 'Choose a picture for this gallery item.',
  galleryFileMissing: 'Choose a file from your library.',
  galleryVideoAlt: 'Video',
  galleryEmptySlot: 'Empty slot: visitors do not see it until you add a picture.',
  licenceNameMissing: 'Name the licence you use this picture under (for example CC BY 4.0).',
  licenceNameTooLong: (max: number) => `A licence name is at most ${max} characters.`,
  licenceCreatorMissing: 'This licence asks for credit: name who made the picture.',
  licenceCreatorTooLong: (max: number) => `A name is at most ${max} characters.`,
  licenceLinkInvalid: 'Enter a web address starting with https:// or http://.',
  galleryCreditPhoto: 'Photo:',
  // Ours: photo-service galleries (platform.md §3 media, "Max photo-service galleries" 20).
  photoFeedUrlInvalid: 'Enter the address of a photo feed, starting with https:// or http://.',
  photoFeedPrivate: 'That address is on a private network. Use a feed on the public internet.',
  photoFeedUnreachable: 'The feed could not be reached. Check the address or try again later.',
  photoFeedTimeout: (seconds: number) =>
    `The feed did not answer within ${seconds} seconds. Try again later.`,
  photoFeedStatus: (status: number) => `The feed answered with an error (HTTP ${status}). Check the address.`,
  photoFeedTooBig: (megabytes: number) => `The feed is larger than ${megabytes} MB. Use a smaller feed.`,
  photoFeedMalformed: 'This is not a feed we can read: use an RSS, Atom or JSON Feed address.',
  photoFeedNoPictures: 'The feed has no pictures in it.',
  photoFeedsFull: (max: number) =>
    `A site can show at most ${max} photo feeds. Remove a feed gallery before adding another feed.`,
  photoFeedMissing: 'Enter the address of the photo feed.',
  photoFeedNotFetched: 'Not fetched yet.',
  photoFeedsOff: 'Fetching photo feeds is turned off on this install.',
  photoFeedAlt: 'Photo',
  tooManyBlocks: (max: number) =>
    `A page can hold at most ${max} blocks. Remove a block before adding another.`,
  unknownBlockType: (type: string) => `"${type}" is not a block type this editor knows.`,
  // Ours: sections on a grid.
  gridWholeNumber: 'Columns and rows are whole numbers.',
  gridColumn: 'A block starts in a column from 1 to 12.',
  gridSpan: 'A block spans 1 to 12 columns.',
  gridPastLastColumn: 'A block ends at column 12 at the latest: start it further left or make it narrower.',
  gridRow: (max: number) => `A block starts in a row from 1 to ${max}.`,
  gridRows: (max: number) => `A block spans 1 to ${max} rows.`,
  gridOverlap: (a: string, b: string) =>
    `Blocks ${a} and ${b} overlap: two blocks cannot share a column in the same row.`,
  gridNoFurther: 'The block is at the edge of the grid.',
  gridOccupied: 'Another block is in the way. Move or narrow it first.',
  slugTaken: (slug: string) => `Another page already uses the URL ${slug}. Choose a different one.`,
  slugReserved: (slug: string) => `${slug} is reserved by the site. Choose a different URL.`,
  titleRequired: 'Enter a page title.',
  staleVersion:
    'Someone else saved this page after you opened it. Your changes were not saved: reload to see theirs, then apply yours again.',
  pageNotFound: 'This page no longer exists. It may have been deleted in another window.',
  notSignedIn: 'Sign in to edit this site.',
  forbidden: 'Your role on this site can view but not change it.',
  cannotDeleteSystemPage:
    'The home, shop, cart and checkout pages are part of every site and cannot be deleted.',
  cannotDuplicateSystemPage: 'The shop, cart and checkout pages cannot be duplicated.',
  pathIsFixed: 'The URLs of the home, cart and checkout pages cannot change.',
  folderCannotHoldFolder: 'Folders can hold pages but not other folders.',
  scheduleNeedsTime: 'Choose the date and time the page goes live.',
  invalidLink: 'Enter a web address starting with https://, http://, mailto:, tel: or /.',
  parentMustBeFolder: 'Pages can only be put inside a folder.',
  // Ours: cover pages (storefront.md §2 page type 3).
  coverButtonLabelRequired: 'Give the button a label, or remove the button.',
  coverImageRequired: 'Choose a background image from your files, or set the background to none.',
  notACoverPage: 'Only a cover page has cover settings.',
  onlyFoldersHoldPages: 'Only folders can hold other pages in the navigation.',
  pageInNavigationTwice: 'A page can appear only once in the navigation.',
  areaInNavigationTwice: 'A member area can appear only once in the navigation.',
  payloadTooLarge:
    'This change is too large to save (over 1 MB). Remove some content, such as long texts or many images, and try again.',
  membersOnly: 'This page is for members. Sign in to see it.',
  paywall: 'Create a free account or sign in to read it: members see it in full.',
  // Ours: lock screens (page type 103) and their settings.
  lockedSite: 'This site is password protected. Enter the password to continue.',
  lockedPage: 'This page is password protected. Enter the password to see it.',
  lockWrongPassword: 'That password is not right. Check it and try again.',
  lockTooManyAttempts: 'Too many attempts. For your security, wait a few minutes and try again.',
  lockPasswordLength: 'Use a password of 4 to 100 characters.',
  errorPage: 'Something went wrong on our side while showing this page. Try again in a moment.',
  // Ours: the link editor.
  choosePage: 'Choose the page to link to.',
  chooseFile: 'Choose the file to link to.',
  invalidPhone: 'Enter a phone number: digits, spaces, +, -, ( and ) only.',
  // platform.md §5 — colour formatter bounds (verbatim), and ours for the picker's other fields.
  colour: {
    hueOutOfBounds: 'Hue out of bounds.',
    saturationOutOfBounds: 'Saturation out of bounds.',
    lightnessOutOfBounds: 'Lightness out of bounds.',
    alphaOutOfBounds: 'Alpha out of bounds.',
    missingHsl: 'Missing an H/S/L value.',
    invalidHex: 'Enter a hex colour with 3 or 6 digits, such as #2f5a3e.',
    rgbOutOfBounds: 'Red, green and blue are whole numbers from 0 to 255.',
  },
  // platform.md §8 — editor (fonts, verbatim), and ours for the font picker.
  unableToLoadFonts: 'Unable to load fonts',
  unableToLoadFontPreview: (fontName: string) => `Unable to load preview for ${fontName}`,
  unknownFont: (font: string) => `${font} is not one of the site's fonts.`,
  // Ours: template source editing.
  templateNotFound: 'This template does not exist on the site.',
  templateStale:
    'Someone else saved this template after you opened it. Your changes were not saved: copy them, reload, and apply them again.',
  templateHasErrors: (count: number) =>
    `The template has ${count === 1 ? 'an error' : `${count} errors`}; fix ${count === 1 ? 'it' : 'them'} before saving, so the live site keeps working.`,
  // Ours: the promotional pop-up's editor screen.
  popupOverlay: {
    titleRequired: 'Give the pop-up a title.',
    titleTooLong: 'The title can be at most 200 characters.',
    bodyTooLong: 'The text can be at most 1000 characters.',
    labelTooLong: 'A button label can be at most 60 characters.',
    hrefTooLong: 'The link can be at most 2000 characters.',
    actionLabelRequired: 'Give the button a label, or remove the button.',
    actionHrefRequired: 'Give the button a link, or remove the button.',
    unsafeHref:
      'Use a web address (https://…), an email (mailto:…), a phone (tel:…) or a page of this site (/…).',
    buttonLabelRequired: 'Give the sign-up button a label.',
    placeholderRequired: 'Give the email box a placeholder.',
    placeholderTooLong: 'The placeholder can be at most 100 characters.',
    delayOutOfRange: 'The delay is a whole number of seconds from 0 to 120.',
    hideForDaysOutOfRange: 'Days to hide is a whole number from 0 to 365.',
    fixHighlighted: 'Fix the highlighted boxes, then save.',
    unknownList: 'That mailing list no longer exists; choose another.',
    stale:
      'Someone else saved the pop-up after you opened it. Your changes were not saved: reload to see theirs, then apply yours again.',
  },
  // Ours: limits and empty states of the menu, countdown, marquee and pricing blocks.
  blocks: {
    menuTooManySections: (max: number) => `A menu can hold at most ${max} sections.`,
    menuTooManyItems: (max: number) => `A menu section can hold at most ${max} dishes.`,
    menuPriceTooLong: (max: number) =>
      `Write the price in at most ${max} characters, as guests should read it (12, €12.50, market price).`,
    menuEmpty: 'Add a section and its dishes to show the menu',
    countdownDateInvalid: 'Choose a date and a time, such as 2027-01-31 at 18:00.',
    countdownEmpty: 'Choose the date and time to count down to',
    marqueeTextRequired: 'Write the text that scrolls.',
    pricingTooManyPlans: (max: number) => `Show at most ${max} plans side by side.`,
    pricingEmpty: 'Add a plan to show its price',
    /** A plan's button pointed at a member area that is not one of the site's (saving the page). */
    pricingUnknownArea: 'This member area is not one of this site’s. Choose an area from the list.',
    /** A plan pointed at a member area that is free: what it costs, on the storefront. */
    pricingAreaFree: 'Free',
    /** A plan pointed at a member area, seen by one of its members. */
    pricingOpenArea: 'Go to the member area',
    donationTooManyAmounts: (max: number) => `Suggest at most ${max} amounts.`,
    donationEmpty: 'Add a suggested amount or let donors type their own',
    donationButton: 'Donate',
    reservationNoForm:
      'Choose the booking form: make one under Forms with the date, the time and the number of guests',
  },
  // Ours: website components (platform.md §3 block type 1337).
  components: {
    nameRequired: 'Name the component, so you can find it in the Add panel.',
    nameTooLong: 'Keep the name to 80 characters or fewer.',
    empty: 'A component holds at least one block.',
    tooManyBlocks: (max: number) => `A component can hold at most ${max} blocks.`,
    tooMany: (max: number) =>
      `A site can have at most ${max} components. Delete one you no longer use first.`,
    notFound: 'This component no longer exists. It may have been deleted in another window.',
    stale:
      'Someone else saved this component after you opened it. Your changes were not saved: reload to see theirs, then apply yours again.',
    cycle: (names: readonly string[]) =>
      `A component cannot be placed inside itself: ${[...names, names[0]].join(' → ')}.`,
    tooDeep: (max: number) => `Components can sit inside each other at most ${max} deep.`,
    inUse: (where: readonly string[]) =>
      `This component is used on ${where.join(', ')}. Detach or remove it there before deleting it.`,
  },
  siteStylesStale:
    'Someone else saved the site styles after you opened them. Your changes were not saved: reload to see theirs, then apply yours again.',
} as const;

export type MessageKey = keyof typeof messages;
