import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyTaps } from './early-taps';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Two server-drawn add-to-cart buttons and a menu button; `mount` swaps each for a live one. */
function serverPage() {
  document.body.innerHTML = `
    <div class="w"><div class="sqs-add-to-cart-button" data-n="1">Add To Cart</div></div>
    <div class="w"><div class="sqs-add-to-cart-button" data-n="2">Add To Cart</div></div>
    <button type="button" class="site-nav-toggle">Menu</button>
    <a href="/elsewhere" id="plain">Elsewhere</a>`;
  const pressed: string[] = [];
  const mount = () => {
    for (const old of document.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button')) {
      const live = document.createElement('button');
      live.className = 'sqs-add-to-cart-button';
      live.addEventListener('click', () => pressed.push(`add ${old.dataset.n}`));
      old.replaceWith(live);
    }
    document.querySelector('.site-nav-toggle')!.addEventListener('click', () => pressed.push('menu'));
  };
  return { pressed, mount };
}
const tap = (el: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
};

describe('taps before the enhancements start', () => {
  it('are held and replayed on the control that replaced the one tapped, once each', () => {
    const { pressed, mount } = serverPage();
    const replay = holdEarlyTaps(document);
    const second = document.querySelector('[data-n="2"]')!;
    expect(tap(second).defaultPrevented).toBe(true);
    tap(second);
    tap(document.querySelector('.site-nav-toggle')!);
    mount();
    expect(pressed).toEqual([]);
    replay();
    expect(pressed).toEqual(['add 2', 'menu']);
  });

  it('leave other links alone, and stop holding once replayed', () => {
    const { pressed, mount } = serverPage();
    const replay = holdEarlyTaps(document);
    expect(tap(document.getElementById('plain')!).defaultPrevented).toBe(false);
    mount();
    replay();
    const live = document.querySelector('.sqs-add-to-cart-button')!;
    expect(tap(live).defaultPrevented).toBe(false);
    expect(pressed).toEqual(['add 1']);
  });
});
