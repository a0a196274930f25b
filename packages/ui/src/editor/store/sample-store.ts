import type { AdminOrderDetail, AdminProduct, InventoryItem } from '@site/commerce-core/admin';

const usd = (value: string) => ({ value, currency: 'USD' as const });

/** Stories' and tests' products: a print with four variants, a download, a gift card. */
export const sampleProducts: AdminProduct[] = [
  {
    id: 'p1',
    imageFileIds: [],
    collectionId: 'prints',
    title: 'Harbour at dawn',
    urlId: 'harbour-at-dawn',
    excerpt: '',
    productType: 'physical',
    enabled: true,
    version: 3,
    imageUrl: null,
    variantOptionOrdering: ['Size', 'Paper'],
    variants: [
      {
        id: 'v1',
        sku: 'HAR-A4-M',
        attributes: { Size: 'A4', Paper: 'Matte' },
        price: usd('2500'),
        onSale: false,
        qtyInStock: 5,
        unlimited: false,
      },
      {
        id: 'v2',
        sku: 'HAR-A4-G',
        attributes: { Size: 'A4', Paper: 'Gloss' },
        price: usd('2500'),
        onSale: false,
        qtyInStock: 0,
        unlimited: false,
      },
      {
        id: 'v3',
        sku: 'HAR-A3-M',
        attributes: { Size: 'A3', Paper: 'Matte' },
        price: usd('4000'),
        salePrice: usd('3500'),
        onSale: true,
        qtyInStock: 2,
        unlimited: false,
      },
      {
        id: 'v4',
        sku: 'HAR-A3-G',
        attributes: { Size: 'A3', Paper: 'Gloss' },
        price: usd('4000'),
        onSale: false,
        qtyInStock: 1,
        unlimited: false,
      },
    ],
    tags: ['print', 'gift idea'],
    categories: ['Prints'],
    seo: { title: '', description: '', socialImage: '', noindex: false },
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    id: 'p2',
    imageFileIds: [],
    collectionId: 'prints',
    title: 'Print pack (download)',
    urlId: 'print-pack',
    excerpt: '',
    productType: 'digital',
    enabled: false,
    version: 0,
    imageUrl: null,
    variantOptionOrdering: [],
    variants: [
      {
        id: 'v5',
        sku: 'PACK-1',
        attributes: {},
        price: usd('900'),
        onSale: false,
        qtyInStock: 0,
        unlimited: true,
      },
    ],
    tags: [],
    categories: [],
    seo: { title: '', description: '', socialImage: '', noindex: false },
    createdAt: '2026-11-02T10:00:00.000Z',
  },
];

/** The names a sample store's products use, offered by the tags panel. */
export const sampleKnownNames = {
  tags: ['print', 'gift idea', 'limited run'],
  categories: ['Prints', 'Cards'],
};

export const sampleInventory: InventoryItem[] = sampleProducts.flatMap((p) =>
  p.variants.map((v) => ({ ...v, productId: p.id, productTitle: p.title, collectionId: p.collectionId })),
);

export const sampleOrder: AdminOrderDetail = {
  id: 'o1',
  orderNumber: 1042,
  email: 'ada@example.com',
  status: 'paid',
  currency: 'USD',
  grandTotal: usd('7295'),
  refunded: usd('0'),
  testMode: true,
  createdAt: '2026-11-20T15:30:00.000Z',
  fulfilledAt: null,
  cancelledAt: null,
  subscriptionState: null,
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    line1: '12 Analytical Row',
    city: 'London',
    postalCode: 'N1 9GU',
    country: 'GB',
  },
  shippingOption: 'Standard',
  orderNote: 'Please wrap it as a gift — it is for my sister.',
  subtotal: usd('6000'),
  tax: usd('495'),
  shipping: usd('800'),
  discount: usd('0'),
  payment: {
    provider: 'test',
    reference: 'test_o1',
    testMode: true,
    error: null,
    disputedAt: null,
    disputeReason: null,
  },
  refundable: usd('7295'),
  trackingNumber: null,
  carrier: null,
  lines: [
    {
      id: 'l1',
      productId: 'p1',
      variantId: 'v3',
      sku: 'HAR-A3-M',
      productName: 'Harbour at dawn',
      attributes: { Size: 'A3', Paper: 'Matte' },
      quantity: 1,
      refundedQuantity: 0,
      unitPrice: usd('3500'),
      additionalFields: { Inscription: 'For Charles' },
    },
    {
      id: 'l2',
      productId: 'p1',
      variantId: 'v1',
      sku: 'HAR-A4-M',
      productName: 'Harbour at dawn',
      attributes: { Size: 'A4', Paper: 'Matte' },
      quantity: 1,
      refundedQuantity: 1,
      unitPrice: usd('2500'),
      additionalFields: null,
    },
  ],
};

/** A product page as the server's preview call answers it, for stories and tests. */
export const sampleProductPage = (title: string, price: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><style>body{font:16px/1.5 Georgia,serif;margin:0;padding:32px;color:#1d1d1b;background:#fbfaf7}.product-title{font-size:32px;margin:0 0 8px}.product-price{font-size:20px}.button{display:inline-block;margin-top:16px;padding:10px 20px;background:#1d1d1b;color:#fff}</style></head><body><main><article class="product-detail"><h1 class="product-title">${title}</h1><div class="product-price">${price}</div><p class="product-excerpt">Printed on cotton rag paper.</p><a class="button" href="/cart">Add To Cart</a></article></main></body></html>`;
