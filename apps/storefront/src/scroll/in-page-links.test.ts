import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceInPageLinks } from './in-page-links';
import { SCROLL_ANIMATION } from './scroll-to';

/** A page whose `#reviews` section starts `top` px below the window's top; frames 16 ms apart. */
function page(top: number, { reducedMotion = false } = {}) {
  document.body.innerHTML = `
    <a class="skip-link" href="#reviews">12 reviews</a>
    <div data-gallery><a data-gallery-thumb href="#slide-2">2</a><div id="slide-2"></div></div>
    <a href="#nowhere">gone</a>
    <section id="reviews"><h2>Reviews</h2></section>`;
  const reviews = document.getElementById('reviews')!;
  let scrollY = 0;
  reviews.getBoundingClientRect = () => ({ top: top - scrollY }) as DOMRect;
  let clock = 0;
  const scrolled: number[] = [];
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrollY = y;
    scrolled.push(y);
  }) as typeof window.scrollTo);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reducedMotion && query.includes('reduce') }) as MediaQueryList,
  );
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((step) => {
    setTimeout(() => step((clock += 16)), 0);
    return 0;
  });
  enhanceInPageLinks(document);
  return { reviews, scrolled };
}
const click = (selector: string) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  document.querySelector(selector)!.dispatchEvent(event);
  return event;
};

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('links within the page (platform.md §9 tween, 300 ms, offset 30)', () => {
  it('glides to the section over the tween, 30 px below the top, keeps the anchor and moves focus there', async () => {
    const { reviews, scrolled } = page(1200);
    expect(click('.skip-link').defaultPrevented).toBe(true);
    expect(location.hash).toBe('#reviews');
    await vi.waitFor(() => expect(document.activeElement).toBe(reviews));
    expect(scrolled.at(-1)).toBe(1200 - SCROLL_ANIMATION.offsetPx);
    // 300 ms in 16 ms frames: about nineteen steps, each further down.
    expect(scrolled.length).toBeGreaterThanOrEqual(18);
    expect(scrolled).toEqual([...scrolled].sort((a, b) => a - b));
    expect(reviews.getAttribute('tabindex')).toBe('-1');
  });

  it('jumps at once for a visitor who asked for reduced motion', async () => {
    const { reviews, scrolled } = page(800, { reducedMotion: true });
    click('.skip-link');
    await vi.waitFor(() => expect(document.activeElement).toBe(reviews));
    expect(scrolled).toEqual([800 - SCROLL_ANIMATION.offsetPx]);
  });

  it('leaves gallery thumbnails, links to nothing and new-tab clicks to the browser', () => {
    const { scrolled } = page(800);
    expect(click('[data-gallery-thumb]').defaultPrevented).toBe(false);
    expect(click('a[href="#nowhere"]').defaultPrevented).toBe(false);
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.querySelector('.skip-link')!.dispatchEvent(withCtrl);
    expect(withCtrl.defaultPrevented).toBe(false);
    expect(scrolled).toEqual([]);
  });
});
