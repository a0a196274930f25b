import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../runtime/logger';
import { createPageTags, type PageTagOrder, type PageTagTarget } from './page-tags';

const order: PageTagOrder = {
  orderId: 'order-1',
  currency: 'USD',
  value: 40.5,
  shipping: 5,
  tax: 3.5,
  items: [
    { itemId: 'item-1', title: 'Mug', quantity: 2, price: 12 },
    { itemId: 'item-2', title: 'Brush', quantity: 1, price: 8 },
  ],
};

function setup(target: PageTagTarget | undefined, enabled = true) {
  const warn = vi.fn();
  const tags = createPageTags({
    target: () => target,
    isEnabled: () => enabled,
    logger: { ...silentLogger, warn },
  });
  return { tags, warn };
}

describe('page tags', () => {
  it('sends the ad-pixel events the spec names to the site pixel', () => {
    const fbq = vi.fn();
    const { tags } = setup({ fbq });
    expect(tags.viewContent({ itemId: 'item-1', title: 'Mug', price: 12, currency: 'USD' })).toBe(true);
    expect(tags.addToCart({ itemId: 'item-1', title: 'Mug', price: 12, currency: 'USD', quantity: 3 })).toBe(
      true,
    );
    expect(tags.completeRegistration()).toBe(true);
    expect(tags.lead()).toBe(true);
    expect(tags.search('mugs')).toBe(true);
    expect(fbq.mock.calls).toEqual([
      [
        'track',
        'ViewContent',
        { content_ids: ['item-1'], content_type: 'product', content_name: 'Mug', value: 12, currency: 'USD' },
      ],
      [
        'track',
        'AddToCart',
        { content_ids: ['item-1'], content_type: 'product', content_name: 'Mug', value: 36, currency: 'USD' },
      ],
      ['track', 'CompleteRegistration'],
      ['track', 'Lead'],
      ['track', 'Search', { search_string: 'mugs' }],
    ]);
  });

  it('sends the purchase to the pixel and to the page tag with transaction id, value, shipping, tax and items', () => {
    const fbq = vi.fn();
    const gtag = vi.fn();
    const { tags } = setup({ fbq, gtag });
    expect(tags.purchase(order)).toBe(true);
    expect(fbq).toHaveBeenCalledWith('track', 'Purchase', {
      value: 40.5,
      currency: 'USD',
      content_ids: ['item-1', 'item-2'],
      content_type: 'product',
      num_items: 3,
    });
    expect(gtag).toHaveBeenCalledWith('event', 'purchase', {
      transaction_id: 'order-1',
      value: 40.5,
      currency: 'USD',
      shipping: 5,
      tax: 3.5,
      items: [
        { item_id: 'item-1', item_name: 'Mug', quantity: 2, price: 12 },
        { item_id: 'item-2', item_name: 'Brush', quantity: 1, price: 8 },
      ],
    });
  });

  it('a page tag alone still receives the purchase', () => {
    const gtag = vi.fn();
    expect(setup({ gtag }).tags.purchase(order)).toBe(true);
    expect(gtag).toHaveBeenCalledTimes(1);
  });

  it.each<[string, PageTagTarget | undefined]>([
    ['no window', undefined],
    ['no tags installed', {}],
    ['tags that are not functions', { fbq: 'fbq', gtag: { push: 1 } }],
  ])('sends nothing with %s', (_label, target) => {
    const { tags } = setup(target);
    expect(tags.addToCart({ itemId: 'i' })).toBe(false);
    expect(tags.purchase(order)).toBe(false);
  });

  it('sends nothing when visitor tracking is off', () => {
    const fbq = vi.fn();
    const gtag = vi.fn();
    const { tags } = setup({ fbq, gtag }, false);
    expect(tags.addToCart({ itemId: 'i' })).toBe(false);
    expect(tags.purchase(order)).toBe(false);
    expect(fbq).not.toHaveBeenCalled();
    expect(gtag).not.toHaveBeenCalled();
  });

  it('a tag that throws is logged and does not break the page', () => {
    const { tags, warn } = setup({
      fbq: () => {
        throw new Error('broken pixel');
      },
    });
    expect(tags.addToCart({ itemId: 'i' })).toBe(false);
    expect(warn).toHaveBeenCalledWith("The site's fbq tag threw; the event was skipped.", expect.any(Error));
  });
});
