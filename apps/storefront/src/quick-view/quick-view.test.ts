import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartStore } from '../cart/cart-store';
import { readPageContext } from '../page-context';
import { quickViewContent } from './content';
import { enhanceQuickViewButtons } from './index';

const openQuickView = vi.hoisted(() => vi.fn());
vi.mock('./QuickViewDialog', () => ({ openQuickView }));

// What the shop listing's template renders for a tile (products.list with product-quick-view).
const listing = `
<script id="page-context" type="application/json">{"websiteId":"demo","items":[{"id":"prod-shirt","title":"Linen Work Shirt","structuredContent":{"productType":1,"variants":[]}}]}</script>
<ul class="product-grid">
  <li class="product-card" data-item-id="prod-shirt">
    <a href="/shop/p/linen-shirt"><h2 class="product-title">Linen Work Shirt</h2></a>
    <span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="prod-shirt" data-group="">Quick View</span>
  </li>
  <li class="product-card" data-item-id="prod-lost"><span class="sqs-product-quick-view-button" data-id="prod-lost">Quick View</span></li>
</ul>`;

beforeEach(() => {
  openQuickView.mockClear();
  document.body.innerHTML = listing;
});

describe('quick-view button on product tiles', () => {
  it('becomes a real button named after its product that opens the dialog for that product', async () => {
    const store = createCartStore();
    enhanceQuickViewButtons(document, readPageContext(document), store);
    const button = document.querySelector<HTMLButtonElement>('button.sqs-product-quick-view-button')!;
    expect(button.type).toBe('button');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.textContent).toBe('Quick View: Linen Work Shirt');
    expect(button.querySelector('.visually-hidden')!.textContent).toBe(': Linen Work Shirt');
    button.click();
    await vi.waitFor(() => expect(openQuickView).toHaveBeenCalledTimes(1));
    expect(openQuickView).toHaveBeenCalledWith({
      itemId: 'prod-shirt',
      url: '/shop/p/linen-shirt',
      title: 'Linen Work Shirt',
      store,
      opener: button,
    });
  });

  it('keeps the theme’s own label (a translated "Quick View")', () => {
    document.querySelector('span.sqs-product-quick-view-button')!.textContent = 'Aperçu';
    enhanceQuickViewButtons(document, readPageContext(document), createCartStore());
    expect(document.querySelector('button')!.firstChild!.textContent).toBe('Aperçu');
  });

  it('leaves a tile without a product link alone (nothing to show)', () => {
    enhanceQuickViewButtons(document, readPageContext(document), createCartStore());
    expect(document.querySelectorAll('button.sqs-product-quick-view-button')).toHaveLength(1);
    expect(document.querySelector('[data-item-id="prod-lost"] button')).toBeNull();
  });
});

// The product page's article as products.item renders it (trimmed to the parts the rule reads).
const productPage = `<main><article class="product-detail" data-item-id="prod-shirt">
  <section class="product-gallery" data-product-gallery>
    <ul class="product-gallery__slides">
      <li class="product-gallery__slide"><a class="product-gallery__zoom" href="/a.jpg"><img src="/a.jpg?format=1000w" alt="Shirt, picture 1 of 2" fetchpriority="high"></a></li>
      <li class="product-gallery__slide"><a class="product-gallery__zoom" href="/b.jpg"><img src="/b.jpg?format=1000w" alt="Shirt, picture 2 of 2" loading="lazy"></a></li>
    </ul>
    <ol class="product-gallery__thumbs"><li><a href="#product-image-1">1</a></li></ol>
  </section>
  <div class="product-meta">
    <h1 class="product-title">Linen Work Shirt</h1>
    <div class="product-price">$120.00</div>
    <div class="product-excerpt">Breathable linen.</div>
    <div class="product-variants"><select data-variant-option-name="Size"><option value="">Select Size</option></select></div>
    <div class="sqs-add-to-cart-button-wrapper"></div>
    <div class="product-description">Long story.</div>
    <ul class="product-tags"><li>linen</li></ul>
    <form class="gift-card-balance"></form>
  </div>
</article></main>`;

describe('quick-view content', () => {
  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  it('keeps the buying part: first picture, price, excerpt, choices and the add button', () => {
    const detail = quickViewContent(parse(productPage), '/shop/p/linen-shirt')!;
    expect(detail.querySelector('.product-price')!.textContent).toBe('$120.00');
    expect(detail.querySelector('.product-excerpt')!.textContent).toBe('Breathable linen.');
    expect(detail.querySelector('select[data-variant-option-name="Size"]')).not.toBeNull();
    expect(detail.querySelector('.sqs-add-to-cart-button-wrapper')).not.toBeNull();
    const images = detail.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('/a.jpg?format=1000w');
    expect(images[0]!.closest('a')!.getAttribute('href')).toBe('/shop/p/linen-shirt');
    expect(detail.querySelector('[data-product-gallery], .product-gallery__thumbs')).toBeNull();
  });

  it('drops the heading, description, tags and balance check, and links to the whole page', () => {
    const detail = quickViewContent(parse(productPage), '/shop/p/linen-shirt')!;
    expect(detail.querySelector('h1, .product-description, .product-tags, .gift-card-balance')).toBeNull();
    const more = detail.querySelector<HTMLAnchorElement>('.sqs-quick-view__details')!;
    expect(more.textContent).toBe('View full details');
    expect(more.getAttribute('href')).toBe('/shop/p/linen-shirt');
  });

  it('gives nothing for a page that is not a product (a moved or locked product)', () => {
    expect(quickViewContent(parse('<main><h1>Enter password</h1></main>'), '/x')).toBeUndefined();
  });
});
