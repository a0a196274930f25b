// happy-dom would fetch the player (the tests have no internet); the test checks the frame, not the page.
// @vitest-environment-options { "settings": { "disableIframePageLoading": true } }
import { afterEach, describe, expect, it } from 'vitest';
import { enhanceGalleries } from './index';

// The markup the gallery block renders for a video item (page-content gallery-view.ts), reduced to what the script reads.
function render(lightbox: boolean): HTMLAnchorElement {
  document.body.innerHTML = `
    <div class="gallery gallery--grid" data-gallery="grid"${lightbox ? ' data-lightbox-theme="dark"' : ''}>
      <ul class="gallery__items"><li class="gallery__item"><figure>
        <a class="gallery__open gallery__video" href="https://vimeo.com/76979871"
          data-gallery-video="https://player.vimeo.com/video/76979871" target="_blank" rel="noopener"
          aria-label="Play video: Workshop tour"><img src="https://i.vimeocdn.com/p.jpg" alt="Workshop tour"></a>
      </figure></li></ul>
    </div>`;
  return document.querySelector<HTMLAnchorElement>('a[data-gallery-video]')!;
}

describe('gallery video items', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('without a lightbox, play puts the host’s player in place of the poster', () => {
    const link = render(false);
    enhanceGalleries(document);
    link.click();
    const frame = document.querySelector<HTMLIFrameElement>('.gallery__item iframe')!;
    expect(frame.src).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(frame.title).toBe('Workshop tour');
    expect(document.querySelector('a[data-gallery-video]')).toBeNull();
  });

  it('with a lightbox, play opens the player in it and closing removes the player', () => {
    const link = render(true);
    enhanceGalleries(document);
    link.click();
    const dialog = document.querySelector<HTMLDialogElement>('dialog.gallery-lightbox')!;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('iframe')!.src).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    // The poster stays in the gallery for the next play.
    expect(document.querySelector('a[data-gallery-video]')).not.toBeNull();
    dialog.close();
    dialog.dispatchEvent(new Event('close'));
    expect(dialog.querySelector('iframe')).toBeNull();
  });
});
