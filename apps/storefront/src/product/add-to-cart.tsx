import {
  addEntryErrorMessage,
  findVariant,
  hasStockFor,
  hasVariants,
  messages as commerceMessages,
  usesFormMode,
  isSoldOut,
  isSubscribable,
  ProductType,
  validateAddToCart,
} from '@site/commerce-core';
import { AddToCartButton, type AddResult, type AddToCartKind } from '@site/ui';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import type { CartStore } from '../cart/cart-store';
import type { ListedItem, PageContext } from '../page-context';
import { trackAddToCart } from '../tracking';
import type { AdditionalFieldsRequest } from './additional-fields';
import { isVariantControl, readQuantity, readSelection } from './selection';

function kindOf(item: ListedItem): AddToCartKind {
  if (item.structuredContent.productType === ProductType.GIFT_CARD) return 'gift-card';
  if (isSubscribable(item)) return 'subscription';
  // Express checkout skips the added state and goes straight to checkout (storefront.md §4).
  if (item.structuredContent.expressCheckout === true) return 'express';
  return 'cart';
}

/**
 * Replaces each server-rendered add-to-cart button with the interactive one. On a product page
 * the button validates the shopper's selection with the shared rules; on a listing a product
 * that needs an option only says "Select Option".
 */
export function mountAddToCartButtons(root: ParentNode, context: PageContext, store: CartStore): void {
  // A quick-view dialog mounts the buttons of the product it shows, inside itself.
  const doc = (root as Node).ownerDocument ?? (root as Document);
  const items = new Map<string, ListedItem>();
  for (const item of context.items) items.set(item.id, item);
  if (context.item) items.set(context.item.id, context.item);

  for (const wrapper of root.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button-wrapper')) {
    const button = wrapper.querySelector<HTMLElement>('.sqs-add-to-cart-button');
    const item = items.get(button?.dataset.itemId ?? '');
    if (!button || !item) continue;
    const label = button.dataset.originalLabel;
    const block = wrapper.closest('.product-detail') ?? wrapper.closest('.product-card') ?? wrapper;
    const onDetailPage = context.item?.id === item.id && block.classList.contains('product-detail');

    const added = (quantity: number) =>
      trackAddToCart({
        item,
        collectionId: context.collectionId,
        cartId: store.getState().cart?.id,
        productPage: onDetailPage ? 'pdp' : 'plp',
        quantity,
        currency: context.storeCurrency,
      });

    const onAdd = async (): Promise<AddResult> => {
      if (!onDetailPage && hasVariants(item)) return { ok: false, needsOption: true };
      const selection = readSelection(block);
      // Stock is checked against what the cart already holds of the chosen variant (storefront.md §5).
      const chosen = findVariant(item, selection) as { sku?: string } | undefined;
      const already = chosen?.sku ? store.quantityInCart(item.id, chosen.sku) : 0;
      const check = validateAddToCart({
        item,
        selection,
        quantity: readQuantity(block),
        alreadyInCart: already,
      });
      if (!check.ok) return { ok: false, error: check.problem.message };
      try {
        if (usesFormMode(item)) {
          // Stock first, then the form (storefront.md §5), so nobody fills it in for nothing.
          const { results } = await api<{ results: unknown[] }>(
            'GET',
            `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(item.id)}`,
          );
          const variantStock = results.filter((r) => (r as { sku?: string }).sku === check.sku);
          if (!hasStockFor(variantStock, already, check.quantity))
            return { ok: false, error: commerceMessages.notEnoughStock };
          // The lightbox and its form load only when a shopper gets this far.
          const { openAdditionalFields } = await import('./additional-fields');
          const saved = await openAdditionalFields({
            form: item.structuredContent.additionalFieldsForm as AdditionalFieldsRequest['form'],
            save: (values) => store.add(item.id, check.sku, check.quantity, item.title, values),
          });
          // Closing the form is not a failure: the button just goes back to idle.
          if (!saved) return { ok: false };
          added(check.quantity);
          return { ok: true };
        }
        if (kindOf(item) === 'gift-card' && onDetailPage) {
          // A gift card has its own cart and checkout, with who it is for (storefront.md §4).
          const { startGiftCardPurchase } = await import('./gift-card');
          return { ok: true, navigateTo: await startGiftCardPurchase(block, item.id, check.sku) };
        }
        if (kindOf(item) === 'subscription') {
          const { cartToken } = await api<{ cartToken: string }>(
            'POST',
            '/api/3/commerce/cart/subscription',
            {
              itemId: item.id,
              sku: check.sku,
              qty: check.quantity,
            },
          );
          return { ok: true, navigateTo: `/checkout?cartToken=${encodeURIComponent(cartToken)}` };
        }
        await store.add(item.id, check.sku, check.quantity, item.title);
        added(check.quantity);
        return kindOf(item) === 'express' ? { ok: true, navigateTo: '/checkout' } : { ok: true };
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(0, 'ERROR', '');
        return {
          ok: false,
          error: addEntryErrorMessage({
            crumbFail: e.crumbFail,
            cookiesEnabled: navigator.cookieEnabled,
            status: e.status,
            serverMessage: e.message,
          }),
        };
      }
    };

    const host = doc.createElement('div');
    host.className = 'sqs-add-to-cart-host';
    wrapper.replaceChildren(host);
    const kind = kindOf(item);
    const root = createRoot(host);
    // A chosen variant with no stock left (or a combination that does not exist) cannot be added.
    const unavailable = () => {
      const selection = readSelection(block);
      const variants = item.structuredContent.variants;
      const options = variants.length > 1 ? Object.keys(variants[0]?.attributes ?? {}) : [];
      if (options.length === 0 || options.some((name) => !selection[name])) return false;
      const variant = findVariant(item, selection) as
        { unlimited?: boolean; qtyInStock?: number } | undefined;
      return !variant || (!variant.unlimited && (variant.qtyInStock ?? 0) <= 0);
    };
    const render = () =>
      root.render(
        <AddToCartButton
          label={label}
          kind={kind}
          soldOut={isSoldOut(item) || unavailable()}
          formMode={usesFormMode(item)}
          onAdd={onAdd}
          onNavigate={(r) => {
            if (r.navigateTo) window.location.assign(r.navigateTo);
          }}
        />,
      );
    render();
    block.addEventListener('change', (event) => {
      if (isVariantControl(event.target)) render();
    });
  }
}
