import { findVariant, instalmentLocale, instalmentsAvailable, isCurrencyCode } from '@site/commerce-core';
import { InstalmentPill, RestockForm, type InstalmentModalContent } from '@site/ui';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import type { PageContext, ProductItem } from '../page-context';
import { readSelection } from './selection';

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

function mountRestock(block: HTMLElement, item: ProductItem, context: PageContext): void {
  const productId = block.dataset.productId ?? item.id;
  const variantId = block.dataset.variantId ?? '';
  const host = document.createElement('div');
  // The call-to-action line stays; the form is replaced by the accessible one.
  for (const el of block.querySelectorAll('.product-restock-form, .product-restock-mailing-list')) el.remove();
  block.append(host);
  createRoot(host).render(
    <RestockForm
      merchandising={context.merchandising[productId]}
      onSubmit={async ({ email, isJoinMailingList }) => {
        try {
          await api('POST', '/api/commerce/restock-notifications', {
            productId,
            variantId,
            siteVisitorEmail: email,
            isJoinMailingList,
            // The bot check sits behind the captcha interface; the local site has no provider key.
            recaptchaEnterpriseV3Token: 'local',
          });
        } catch (err) {
          throw err instanceof ApiError && err.message ? err.message : undefined;
        }
      }}
    />,
  );
}

function Instalments({ context, priceCents }: { context: PageContext; priceCents: number }) {
  const settings = context.instalments!;
  const [content, setContent] = useState<InstalmentModalContent>({ state: 'loading' });
  const currency = isCurrencyCode(context.storeCurrency) ? context.storeCurrency : 'USD';
  return (
    <InstalmentPill
      priceMinor={priceCents}
      bounds={{ min: settings.afterPayMin, max: settings.afterPayMax }}
      currency={currency}
      modalContent={content}
      onOpen={() => {
        if (content.state === 'ready') return;
        const locale = instalmentLocale(settings.stripeAccountCountry, settings.shopperLanguage);
        fetch(`/assets/instalments/${locale}.html`)
          .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
          .then((html) => setContent({ state: 'ready', html }))
          .catch((err: unknown) => {
            // The spec asks for a console warning only; the modal says it is unavailable.
            console.warn('Instalment information failed to load', err);
            setContent({ state: 'failed' });
          });
      }}
    />
  );
}

/** Product detail page behaviour around the server-rendered markup. */
export function enhanceProductPage(doc: Document, context: PageContext): void {
  const item = context.item;
  const block = doc.querySelector<HTMLElement>('.product-detail');
  if (!item || !block) return;

  const variants = item.structuredContent.variants;
  const current = (): Variant | undefined =>
    variants.length === 1 ? variants[0] : (findVariant(item, readSelection(block)) as Variant | undefined);

  for (const r of block.querySelectorAll<HTMLElement>('.product-restock-notification')) mountRestock(r, item, context);

  const pillHost = block.querySelector<HTMLElement>('.product-instalments');
  let renderPill: ((v: Variant | undefined) => void) | undefined;
  if (pillHost && context.instalments && instalmentsAvailable(context.instalments, item.structuredContent.productType)) {
    const root = createRoot(pillHost);
    renderPill = (v) => {
      const cheapest = Math.min(...variants.map((x) => (x.onSale ? x.salePrice : x.price)));
      const price = v ? (v.onSale ? v.salePrice : v.price) : cheapest;
      root.render(<Instalments context={context} priceCents={price} />);
    };
    renderPill(current());
  }

  block.addEventListener('change', (event) => {
    if (!(event.target instanceof HTMLSelectElement) || !event.target.dataset.variantOptionName) return;
    const v = current();
    revealForVariant(block, v);
    renderPill?.(v);
  });
}
