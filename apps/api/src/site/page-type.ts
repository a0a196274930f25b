import { COVER_PAGE_TYPE } from '@site/page-content';

/** The page type codes of storefront.md §2 a site renders; templates and tracking read them. */
export const PAGE_TYPE = {
  collection: 1,
  page: 2,
  cover: COVER_PAGE_TYPE,
  item: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  popupOverlay: 104,
  protectedContent: 105,
  accessDenied: 106,
  paywall: 107,
  cart: 200,
  checkout: 201,
  orderConfirmed: 202,
  donate: 203,
  contributionConfirmed: 204,
  cartV2: 205,
  subscriptionConfirmed: 206,
  orderReceived: 207,
  membershipConfirmed: 208,
  reviewsRequest: 209,
  /** The product editor's preview of a draft (digital products included): the owner's, never a visitor's. */
  composerPreview: 210,
  orderStatus: 211,
  newsletterUnsubscribe: 300,
  commerceEmailPreview: 301,
  singleSignOn: 400,
} as const;
