/** The store admin calls of the editor: the spec's (platform.md §7) and ours under /api/editor/store. */
const CONTENT_SERVICE = '/api/content-service/product/1.1/websites';
const STORE = '/api/editor/store';

export const STORE_API = {
  storeCollections: (websiteId: string) => `${CONTENT_SERVICE}/${encodeURIComponent(websiteId)}/products`,
  rootCategory: (websiteId: string, collectionId: string) =>
    `${CONTENT_SERVICE}/${encodeURIComponent(websiteId)}/products/${encodeURIComponent(collectionId)}/categories`,
  commercePreferences: (namespace: string) => `/api/v1/commerce-preferences/${encodeURIComponent(namespace)}`,
  stores: `${STORE}/collections`,
  products: `${STORE}/products`,
  product: (id: string) => `${STORE}/products/${encodeURIComponent(id)}`,
  /** The product page of an unsaved draft: of a new product without an id, of a saved one with its id. */
  productPreview: (id?: string) =>
    id ? `${STORE}/products/${encodeURIComponent(id)}/preview` : `${STORE}/products/preview`,
  inventory: `${STORE}/inventory`,
  inventoryCsv: `${STORE}/inventory.csv`,
  /** POST a text/csv body (?collectionId=) to start a product import job; GET one's progress. */
  productImports: `${STORE}/product-imports`,
  productImport: (id: string) => `${STORE}/product-imports/${encodeURIComponent(id)}`,
  latestProductImport: `${STORE}/product-imports/latest`,
  variantStock: (variantId: string) => `${STORE}/variants/${encodeURIComponent(variantId)}/stock`,
  /** The store currency: read with the order count, changed (confirmed once the store has orders). */
  storeCurrency: `${STORE}/currency`,
  orders: `${STORE}/orders`,
  ordersCsv: `${STORE}/orders.csv`,
  /** POST the list's filters to start an export job; GET the latest one's progress and file. */
  orderExports: `${STORE}/order-exports`,
  latestOrderExport: `${STORE}/order-exports/latest`,
  orderExportDownload: (id: string) => `${STORE}/order-exports/${encodeURIComponent(id)}/orders.csv`,
  /** Donations through the site's donation blocks, newest first, and as a CSV download. */
  donations: `${STORE}/donations`,
  donationsCsv: `${STORE}/donations.csv`,
  /** POST an amount typed as money: gives back part or all of a donation through its processor. */
  refundDonation: (id: string) => `${STORE}/donations/${encodeURIComponent(id)}/refund`,
  /** Tax collected by month, place and rate, as a CSV download. */
  taxReportCsv: `${STORE}/tax-report.csv`,
  order: (id: string) => `${STORE}/orders/${encodeURIComponent(id)}`,
  fulfilOrder: (id: string) => `${STORE}/orders/${encodeURIComponent(id)}/fulfil`,
  cancelOrder: (id: string) => `${STORE}/orders/${encodeURIComponent(id)}/cancel`,
  refundLine: (id: string) => `${STORE}/orders/${encodeURIComponent(id)}/refund`,
  resumeSubscription: (id: string) => `${STORE}/subscriptions/${encodeURIComponent(id)}/resume`,
  cancelSubscription: (id: string) => `${STORE}/subscriptions/${encodeURIComponent(id)}/cancel`,
  discounts: `${STORE}/discounts`,
  discount: (id: string) => `${STORE}/discounts/${encodeURIComponent(id)}`,
  archiveDiscount: (id: string) => `${STORE}/discounts/${encodeURIComponent(id)}/archive`,
  /** The shop's emails: the owner's subject, opening text and colour, a preview, a test send. */
  shopEmails: `${STORE}/emails`,
  shopEmail: (kind: string) => `${STORE}/emails/${encodeURIComponent(kind)}`,
  shopEmailPreview: (kind: string) => `${STORE}/emails/${encodeURIComponent(kind)}/preview`,
  shopEmailTest: (kind: string) => `${STORE}/emails/${encodeURIComponent(kind)}/test`,
  /** Restock sign-ups: the members API's owner calls (storefront.md §7). */
  restockGroups: '/api/site-users/account/notifications/restock/groups',
  /** One variant's sign-ups, paged (query productId, variantId, cursor). */
  restockSignUps: '/api/site-users/account/notifications/restock',
  restockSend: '/api/site-users/account/notifications/restock/send',
  restockSendAll: '/api/site-users/account/notifications/restock/send/all',
} as const;
