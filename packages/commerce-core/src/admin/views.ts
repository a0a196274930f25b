import type { SubscriptionPlan } from '../subscriptions/schema';
import type { AdminMoney } from './money-input';
import type { AdminProductType, ProductMerchandising } from './product-input';
import type { OrderStatus } from './orders';

/** What the store admin calls answer (the API builds these; the editor and the kit read them). */
export interface AdminVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  price: AdminMoney;
  salePrice?: AdminMoney;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
}

export interface AdminProduct {
  id: string;
  collectionId: string;
  title: string;
  urlId: string;
  excerpt: string;
  productType: AdminProductType;
  enabled: boolean;
  version: number;
  imageUrl: string | null;
  variantOptionOrdering: string[];
  variants: AdminVariant[];
  subscriptionPlan?: SubscriptionPlan;
  customAddButtonText?: string;
  imageFileIds: string[];
  digitalFileId?: string;
  additionalFieldsFormId?: string;
  merchandising?: ProductMerchandising;
  shipping?: { weightGrams?: number; lengthMm?: number; widthMm?: number; heightMm?: number };
  taxExempt?: boolean;
  noShipping?: boolean;
  translations?: Record<string, { title?: string; excerpt?: string }>;
  /** Set apart from the product's save (PUT productTagsPath), so a merge never bumps the version. */
  tags: string[];
  categories: string[];
  /**
   * Search result and social card settings, saved apart (PUT productSeoPath of @site/page-content,
   * whose itemSeoSchema checks them; this package does not depend on that one).
   */
  seo: { title: string; description: string; socialImage: string; noindex: boolean };
  createdAt: string;
}

export interface InventoryItem extends AdminVariant {
  productId: string;
  productTitle: string;
  collectionId: string;
}

export interface AdminOrderSummary {
  id: string;
  orderNumber: number | null;
  email: string;
  status: OrderStatus | string;
  currency: string;
  grandTotal: { value: string; currency: string };
  refunded: { value: string; currency: string };
  testMode: boolean;
  createdAt: string;
  fulfilledAt: string | null;
  cancelledAt: string | null;
  /** Null for an order that started no subscription. */
  subscriptionState: AdminSubscriptionState | null;
}

/** A subscription's billing: paused after declined renewals, ended when its last cycle was billed. */
export type AdminSubscriptionState = 'active' | 'paused' | 'cancelled' | 'ended';

export interface AdminOrderLine {
  id: string;
  productId: string;
  variantId: string;
  sku: string;
  productName: string;
  attributes: Record<string, string>;
  quantity: number;
  refundedQuantity: number;
  unitPrice: { value: string; currency: string };
  additionalFields: Record<string, unknown> | null;
}

export interface AdminOrderDetail extends AdminOrderSummary {
  shippingAddress: Record<string, string> | null;
  shippingOption: string | null;
  /** What the shopper wrote in the checkout's order-notes box. */
  orderNote: string | null;
  subtotal: { value: string; currency: string };
  tax: { value: string; currency: string };
  shipping: { value: string; currency: string };
  discount: { value: string; currency: string };
  payment: {
    provider: string;
    reference: string;
    testMode: boolean;
    /** The processor's word on the last failed attempt while the order waits for payment. */
    error: string | null;
    /** A chargeback: when the bank opened it and why. */
    disputedAt: string | null;
    disputeReason: string | null;
  };
  /** What a refund of an amount can still give back through the payment provider. */
  refundable: { value: string; currency: string };
  trackingNumber: string | null;
  carrier: string | null;
  lines: AdminOrderLine[];
}

export interface StoreView {
  id: string;
  title: string;
  navigationTitle: string;
  urlId: string;
  fullUrl: string;
  description: string;
  enabled: boolean;
}

/** A variant with restock sign-ups still waiting (GET …/notifications/restock/groups). */
export interface RestockSignUpGroup {
  productId: string;
  variantId: string;
  productTitle: string;
  variantDescription: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
  signUpCount: number;
}

/** One shopper waiting for a variant (GET …/notifications/restock?productId&variantId). */
export interface RestockSignUp {
  email: string;
  createdAt: string;
  /** When the notice went out; null while still waiting. */
  notifiedAt: string | null;
  joinMailingList: boolean;
}
