import { afterEach, describe, expect, it } from 'vitest';
import { enhanceGalleries } from './index';

// The markup the gallery block renders for two pictures with the lightbox on (page-content
// gallery-view.ts), the first licensed with a credit, the second an own picture.
function render(): HTMLAnchorElement[] {
  document.body.innerHTML = `
    <div class="gallery gallery--grid" data-gallery="grid" data-lightbox-theme="dark">
      <ul class="gallery__items">
        <li class="gallery__item"><figure>
          <a class="gallery__open" href="/dune.jpg" data-gallery-lightbox aria-label="Open A dune larger"><img src="/dune.jpg" alt="A dune"></a>
          <figcaption class="gallery__meta"><small class="gallery__credit">Photo: Jane Doe / <a href="https://unsplash.com/photos/abc" rel="noopener">unsplash.com</a>, CC BY 4.0</small></figcaption>
        </figure></li>
        <li class="gallery__item"><figure>
          <a class="gallery__open" href="/shop.jpg" data-gallery-lightbox aria-label="Open Our shop larger"><img src="/shop.jpg" alt="Our shop"></a>
        </figure></li>
      </ul>
    </div>`;
  return [...document.querySelectorAll<HTMLAnchorElement>('a[data-gallery-lightbox]')];
}

describe('gallery lightbox credit (media type imageLicensed)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('a licensed picture opens with its credit line; the next picture without one hides it', () => {
    const [licensed, own] = render();
    enhanceGalleries(document);
    licensed!.click();
    const dialog = document.querySelector<HTMLDialogElement>('dialog.gallery-lightbox')!;
    const credit = dialog.querySelector<HTMLElement>('.gallery-lightbox__credit')!;
    expect(dialog.open).toBe(true);
    expect(credit.hidden).toBe(false);
    expect(credit.textContent).toBe('Photo: Jane Doe / unsplash.com, CC BY 4.0');
    expect(credit.querySelector('a')!.getAttribute('href')).toBe('https://unsplash.com/photos/abc');
    expect(dialog.querySelector('img')!.alt).toBe('A dune');
    dialog.close();
    own!.click();
    expect(credit.hidden).toBe(true);
    expect(credit.textContent).toBe('');
  });
});
