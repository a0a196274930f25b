import { STORE_API, type RestockSignUp } from '@site/commerce-core/admin';
import { storeMessages as m } from '@site/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, mount, stubServer, unmount } from '../test/dom';
import { RestockSignups } from './RestockSignups';

afterEach(unmount);

const group = {
  productId: 'p1',
  variantId: 'v1',
  productTitle: 'Enamel Mug',
  variantDescription: '',
  sku: 'MUG-1',
  qtyInStock: 0,
  unlimited: false,
  signUpCount: 3,
};
const signUp = (email: string, over: Partial<RestockSignUp> = {}): RestockSignUp => ({
  email,
  createdAt: '2026-11-20T10:00:00Z',
  notifiedAt: null,
  joinMailingList: false,
  ...over,
});

describe('restock sign-ups in the store', () => {
  it('opens one variant’s waiting shoppers, page by page, and closes them again', async () => {
    const calls = stubServer(({ url }) => {
      if (url.startsWith(STORE_API.restockGroups))
        return { status: 200, body: { signUpGroups: [group], hasNextPage: false, nextPageCursor: null } };
      if (url.startsWith(`${STORE_API.restockSignUps}?`)) {
        const query = new URLSearchParams(url.split('?')[1]);
        expect(query.get('productId')).toBe('p1');
        expect(query.get('variantId')).toBe('v1');
        return query.get('cursor') === 'next'
          ? {
              status: 200,
              body: { signUps: [signUp('c@example.com')], hasNextPage: false, nextPageCursor: null },
            }
          : {
              status: 200,
              body: {
                signUps: [
                  signUp('a@example.com', { joinMailingList: true }),
                  signUp('b@example.com', { notifiedAt: '2026-11-25T10:00:00Z' }),
                ],
                hasNextPage: true,
                nextPageCursor: 'next',
              },
            };
      }
      return undefined;
    });
    const host = await mount(<RestockSignups isReadOnly={false} />);
    await eventually(() => expect(button(host, m.waiting(3))).toBeTruthy());
    const toggle = button(host, m.waiting(3))!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe(m.showWaiting(3, 'Enamel Mug'));
    // Nobody's addresses are read until the owner asks for them.
    expect(calls.some((c) => c.url.startsWith(`${STORE_API.restockSignUps}?`))).toBe(false);

    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = () => host.querySelector(`[aria-label="${m.waitingList('Enamel Mug')}"]`);
    await eventually(() => expect(list()?.textContent).toContain('b@example.com'));
    expect(list()!.textContent).toContain(m.joinedMailingList);
    expect(list()!.textContent).toMatch(/Notified /);
    expect(list()!.textContent).toMatch(/Signed up /);

    await click(button(host, m.loadMore)!);
    await eventually(() => expect(list()?.textContent).toContain('c@example.com'));
    expect(button(host, m.loadMore)).toBeUndefined();

    await click(toggle);
    expect(list()).toBeNull();
  });
});
