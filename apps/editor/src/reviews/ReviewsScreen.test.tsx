import { REVIEWS_EDITOR_API, type OwnerReview } from '@site/commerce-core';
import { EDITOR_API } from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, me, mount, stubServer, unmount } from '../test/dom';
import { ReviewsScreen } from './ReviewsScreen';

afterEach(unmount);

const waiting: OwnerReview = {
  id: 'r1',
  rating: 5,
  title: 'Lovely notebook',
  text: 'Thick paper.',
  name: 'Ada',
  verifiedBuyer: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  reply: null,
  productId: 'p1',
  productTitle: 'Field Notebook',
  email: 'ada@example.com',
  status: 'pending',
  repliedAt: null,
};

describe('the Reviews screen', () => {
  it('opens on the waiting reviews and approves one, then reads the list again', async () => {
    let approved = false;
    const calls = stubServer((call) => {
      if (call.url === EDITOR_API.me) return me();
      if (call.url === REVIEWS_EDITOR_API.settings) return { status: 200, body: { enabled: true } };
      if (call.url.startsWith(REVIEWS_EDITOR_API.list + '?status=pending'))
        return {
          status: 200,
          body: { reviews: approved ? [] : [waiting], hasNextPage: false, nextPageCursor: null },
        };
      if (call.method === 'PATCH' && call.url === REVIEWS_EDITOR_API.review('r1')) {
        approved = true;
        return { status: 200, body: { ...waiting, status: 'approved' } };
      }
      return undefined;
    });
    const host = await mount(<ReviewsScreen />);
    await eventually(() => expect(host.textContent).toContain('Lovely notebook'));
    await click(button(host, 'Approve')!);
    await eventually(() => expect(host.textContent).toContain('No reviews here'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'approved' });
  });

  it('says when the reviews cannot be loaded, with a retry', async () => {
    stubServer((call) => {
      if (call.url === EDITOR_API.me) return me();
      if (call.url.startsWith(REVIEWS_EDITOR_API.list))
        return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Unavailable' } } };
      return undefined;
    });
    const host = await mount(<ReviewsScreen />);
    await eventually(() => expect(host.querySelector('[role="alert"]')).toBeTruthy());
    expect(button(host, /try again/i)).toBeTruthy();
  });
});
