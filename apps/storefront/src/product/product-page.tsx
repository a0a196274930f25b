import {
  DEFAULT_INSTALMENT_COUNT,
  findVariant,
  instalmentLocale,
  instalmentsAvailable,
  isCurrencyCode,
} from '@site/commerce-core';
import { InstalmentPill, type InstalmentModalContent } from '@site/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageContext, ProductItem } from '../page-context';
import { ReportedFailure } from './reported-failure';
import { isVariantControl, readSelection } from './selection';

type Variant = ProductItem['structuredContent']['variants'][number];

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Shows the scarcity notice and restock form of the chosen variant only. */
function revealForVariant(block: Element, variant: Variant | undefined): void {
  for (const notice of block.querySelectorAll<HTMLElement>('.product-scarcity[data-variant-attributes]')) {
    const attrs = JSON.parse(notice.dataset.variantAttributes ?? '{}') as Record<string, string>;
    notice.hidden = !variant || !sameAttributes(attrs, variant.attributes);
  }
  const restocks = block.querySelectorAll<HTMLElement>('.product-restock-notification');
  if (restocks.length > 1 || (restocks.length === 1 && restocks[0]!.hidden)) {
    for (const r of restocks) r.hidden = !variant || r.dataset.variantId !== variant.id;
  }
}

const restockMounted = new WeakSet<HTMLElement>();

/**
 * Mounts the restock form of each visible restock block. The form is a lazily loaded chunk: most
 * product pages show none at start, and a variant's block only appears once it is chosen.
 */
function mountVisibleRestocks(block: Element, item: ProductItem, context: PageContext): void {
  const pending = Array.from(block.querySelectorAll<HTMLElement>('.product-restock-notification')).filter(
    (r) => !r.hidden && !restockMounted.has(r),
  );
  if (pending.length === 0) return;
  for (const r of pending) restockMounted.add(r);
  void import('./restock')
    .then(({ mountRestock }) => {
      for (const r of pending) mountRestock(r, item, context);
    })
    .catch((err: unknown) => {
      for (const r of pending) restockMounted.delete(r);
      console.warn('Restock form failed to load', err);
    });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chosen variant's price; on sale, the sale price and the original struck through (screen readers hear which is which). */
function variantPriceHtml(v: Variant, context: PageContext): string {
  const currency = isCurrencyCode(context.storeCurrency) ? context.storeCurrency : 'USD';
  // The decimal amounts the server sends, so zero- and three-decimal currencies come out right.
  const format = (money: { value: string }) =>
    context.zeroPriceLabel && Number(money.value) === 0
      ? `<span class="product-price__free">${escapeHtml(context.zeroPriceLabel)}</span>`
      : escapeHtml(
          new Intl.NumberFormat(context.locale || 'en-US', { style: 'currency', currency }).format(
            Number(money.value),
          ),
        );
  if (!v.onSale) return `<span class="product-price__amount">${format(v.priceMoney)}</span>`;
  return `<span class="product-price__amount product-price__amount--sale"><span class="visually-hidden">Sale price: </span>${format(v.salePriceMoney)}</span> <s class="product-price__original"><span class="visually-hidden">Original price: </span>${format(v.priceMoney)}</s>`;
}

function Instalments({ context, priceCents }: { context: PageContext; priceCents: number }) {
  const settings = context.instalments!;
  const [content, setContent] = useState<InstalmentModalContent>({ state: 'loading' });
  const currency = isCurrencyCode(context.storeCurrency) ? context.storeCurrency : 'USD';
  return (
    <InstalmentPill
      priceMinor={priceCents}
      bounds={{ min: settings.afterPayMin, max: settings.afterPayMax }}
      count={settings.numberOfInstalments}
      currency={currency}
      modalContent={content}
      onOpen={() => {
        if (content.state === 'ready') return;
        const locale = instalmentLocale(settings.stripeAccountCountry, settings.shopperLanguage);
        fetch(`/assets/instalments/${locale}.html`)
          .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
          // The information names the owner's number of payments where it says {count}.
          .then((html) =>
            setContent({
              state: 'ready',
              html: html.replaceAll(
                '{count}',
                String(settings.numberOfInstalments ?? DEFAULT_INSTALMENT_COUNT),
              ),
            }),
          )
          .catch((err: unknown) => {
            // The spec asks for a console warning only; the modal says it is unavailable.
            console.warn('Instalment information failed to load', err);
            setContent({ state: 'failed' });
          });
      }}
    />
  );
}

/** Product detail behaviour around the server-rendered markup: on its page, or in a quick view. */
export function enhanceProductPage(root: ParentNode, context: PageContext): void {
  const item = context.item;
  const block = root.querySelector<HTMLElement>('.product-detail');
  if (!item || !block) return;

  const variants = item.structuredContent.variants;
  const current = (): Variant | undefined =>
    variants.length === 1 ? variants[0] : (findVariant(item, readSelection(block)) as Variant | undefined);

  mountVisibleRestocks(block, item, context);

  const pillHost = block.querySelector<HTMLElement>('.product-instalments');
  let renderPill: ((v: Variant | undefined) => void) | undefined;
  if (
    pillHost &&
    context.instalments &&
    instalmentsAvailable(context.instalments, item.structuredContent.productType)
  ) {
    const root = createRoot(pillHost);
    renderPill = (v) => {
      // Nothing to pay for in instalments while the choice cannot be bought.
      const buyable = (x: Variant) => x.unlimited || x.qtyInStock > 0;
      if (v ? !buyable(v) : !variants.some(buyable)) {
        root.render(null);
        return;
      }
      const cheapest = Math.min(...variants.map((x) => (x.onSale ? x.salePrice : x.price)));
      const price = v ? (v.onSale ? v.salePrice : v.price) : cheapest;
      // Nothing to split either when it costs nothing.
      root.render(
        price > 0 ? (
          <ReportedFailure kind="instalment">
            <Instalments context={context} priceCents={price} />
          </ReportedFailure>
        ) : null,
      );
    };
    renderPill(current());
  }

  const priceHost = block.querySelector<HTMLElement>('.product-price');
  const listedPrice = priceHost?.innerHTML ?? '';
  block.addEventListener('change', (event) => {
    if (!isVariantControl(event.target)) return;
    // A swatch group names its choice beside its legend ("Color — Rust").
    const chosen = event.target.closest('fieldset')?.querySelector('[data-variant-chosen]');
    if (chosen) chosen.textContent = ` — ${event.target.value}`;
    const v = current();
    revealForVariant(block, v);
    if (priceHost) priceHost.innerHTML = v ? variantPriceHtml(v, context) : listedPrice;
    mountVisibleRestocks(block, item, context);
    renderPill?.(v);
  });
}
