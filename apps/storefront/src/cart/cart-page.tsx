import {
  ALSO_BOUGHT_PATH,
  type AlsoBoughtItem,
  type AlsoBoughtResponse,
  fillMessage,
  isCurrencyCode,
  messages as commerceMessages,
} from '@site/commerce-core';
import type { FormValues } from '@site/forms';
import { AlsoBought, CartActionRefused, CartPage, uiMessages } from '@site/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { api, ApiError } from '../api';
import type { PageContext } from '../page-context';
import { storefrontMessages } from '../messages';
import { openAdditionalFields } from '../product/additional-fields';
import {
  type RelatedSource,
  trackRelatedProductAdded,
  trackRelatedProductClicked,
  trackRelatedProductsShown,
  trackRemoveFromCart,
  trackViewCart,
} from '../tracking';
import type { CartStore } from './cart-store';
import { toDisplayCart } from './display-cart';

/** "Unable to update quantity" hides the real cause when it is stock: say how many are left. */
function stockRefusal(err: unknown): CartActionRefused | undefined {
  if (!(err instanceof ApiError) || err.code !== 'OUT_OF_STOCK') return undefined;
  const left = Number(err.details.qtyInStock);
  return new CartActionRefused(
    left > 0 ? fillMessage(uiMessages.onlyInStock, { count: left }) : uiMessages.outOfStock,
  );
}

/**
 * "Customers also bought" for the products in the cart, asked again when they change. A failed
 * read only leaves the row out: the cart itself must not suffer for a suggestion.
 */
function useAlsoBought(productKey: string): AlsoBoughtItem[] {
  const [items, setItems] = useState<AlsoBoughtItem[]>([]);
  useEffect(() => {
    if (!productKey) return setItems([]);
    let live = true;
    api<AlsoBoughtResponse>('GET', ALSO_BOUGHT_PATH).then(
      (answer) => live && setItems(answer.items),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [productKey]);
  return items;
}

/**
 * The cart with its suggestions, on the cart page or in the drawer. The drawer passes its own page
 * type for the view-cart event and makes "Continue shopping" close it.
 */
export function FullCart({
  store,
  currency,
  onContinueShopping,
  pageType,
}: {
  store: CartStore;
  currency: string;
  onContinueShopping?: () => void;
  pageType?: number;
}) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  useEffect(() => {
    if (state.status === 'idle') void store.load();
  }, [state.status, store]);
  // One view-cart event per visit to the page (or opening of the drawer), once there is a cart to view.
  const viewed = useRef(false);
  const cartId = state.cart?.entries.length ? state.cart.id : undefined;
  useEffect(() => {
    if (!cartId || viewed.current) return;
    viewed.current = true;
    trackViewCart(cartId, pageType);
  }, [cartId, pageType]);
  // A subscription's own cart (named by token) is not the visitor's: no suggestions for it.
  const productKey = store.cartToken
    ? ''
    : [...new Set(state.cart?.entries.map((e) => e.itemId) ?? [])].sort().join(',');
  const suggestions = useAlsoBought(productKey);
  const sourceOf = (item: AlsoBoughtItem): RelatedSource | undefined => {
    const entry = state.cart?.entries.find((e) => e.itemId === item.relatedTo);
    return (
      entry && {
        itemId: entry.itemId,
        productType: entry.productType,
        title: entry.title,
        collectionId: entry.collectionId,
      }
    );
  };
  return (
    <>
      <CartPage
        cart={state.cart ? toDisplayCart(state.cart) : undefined}
        status={state.status === 'error' ? 'error' : state.cart ? 'ready' : 'loading'}
        currency={isCurrencyCode(currency) ? currency : 'USD'}
        onRetry={() => void store.load()}
        onQuantityChange={async (entryId, quantity) => {
          try {
            await store.setQuantity(entryId, quantity);
          } catch (err) {
            throw stockRefusal(err) ?? err;
          }
        }}
        onRemove={async (entryId) => {
          const cart = state.cart;
          const entry = cart?.entries.find((e) => e.id === entryId);
          await store.remove(entryId);
          if (cart && entry)
            trackRemoveFromCart({
              cartId: cart.id,
              itemId: entry.itemId,
              productType: entry.productType,
              title: entry.title,
              collectionId: entry.collectionId,
            });
        }}
        onEditDetails={async (entryId) => {
          const entry = state.cart?.entries.find((e) => e.id === entryId);
          if (!entry?.additionalFieldsForm) throw new Error(commerceMessages.unableToOpenForm);
          await openAdditionalFields({
            form: entry.additionalFieldsForm as Parameters<typeof openAdditionalFields>[0]['form'],
            initialValues: entry.additionalFields
              ? (JSON.parse(entry.additionalFields) as FormValues)
              : undefined,
            submitLabel: storefrontMessages.saveDetails,
            failureMessage: commerceMessages.unableToUpdateForm,
            save: async (values) => {
              await store.updateFields(entry.id, entry.itemId, entry.chosenVariant.sku, values);
            },
          });
        }}
        onCheckout={() => window.location.assign('/checkout')}
        continueShoppingHref="/shop"
        onContinueShopping={onContinueShopping}
        checkoutMinimumCents={state.cart?.checkoutMinimumSubtotalCents ?? 0}
      />
      {state.cart && state.cart.entries.length > 0 && (
        <AlsoBought
          items={suggestions}
          onShown={(shown) => {
            for (const relatedTo of new Set(shown.map((i) => i.relatedTo))) {
              const source = sourceOf(shown.find((i) => i.relatedTo === relatedTo)!);
              if (source)
                trackRelatedProductsShown(
                  source,
                  shown.filter((i) => i.relatedTo === relatedTo).map((i) => i.id),
                );
            }
          }}
          onOpen={(item) => {
            const source = sourceOf(item);
            if (source) trackRelatedProductClicked(source, item.id);
          }}
          onAdd={async (item) => {
            const source = sourceOf(item);
            await store.add(item.id, item.quickAddSku!, 1, item.title);
            const cartId = store.getState().cart?.id;
            if (source && cartId) trackRelatedProductAdded(cartId, source, item.id);
          }}
        />
      )}
    </>
  );
}

/** The full-page cart on #sqs-cart-root (storefront.md §2). */
export function mountCartPage(doc: Document, context: PageContext, store: CartStore): boolean {
  const root = doc.getElementById('sqs-cart-root');
  if (!root) return false;
  root.replaceChildren();
  createRoot(root).render(<FullCart store={store} currency={context.storeCurrency} />);
  return true;
}
