import { STORE_API } from '@site/commerce-core/admin';
import { EDITOR_API, messages } from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, me, mount, stubServer, unmount, type Answer } from '../test/dom';
import { StoreScreen } from './StoreScreen';

afterEach(unmount);

const unreachable: Answer = { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'away' } } };
const alerts = (host: HTMLElement) => [...host.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

describe('the store screen when its lists do not arrive (platform.md §8)', () => {
  it('says "Unable to load collections" when the store list cannot be loaded', async () => {
    stubServer(({ url }) => {
      if (url === EDITOR_API.me) return me();
      if (url === STORE_API.stores) return unreachable;
      return undefined;
    });
    const host = await mount(<StoreScreen />);
    await eventually(() => expect(alerts(host)).toContain(messages.unableToLoadCollections));
  });

  it('says "Unable to load results" when the product list of a store cannot be loaded', async () => {
    stubServer(({ url }) => {
      if (url === EDITOR_API.me) return me();
      if (url === STORE_API.stores)
        return { status: 200, body: { stores: [{ id: 's1', title: 'Shop', fullUrl: '/shop' }] } };
      if (url.startsWith(STORE_API.products)) return unreachable;
      return undefined;
    });
    const host = await mount(<StoreScreen />);
    await eventually(() => expect(host.textContent).toContain(messages.unableToLoadResults));
    expect(host.textContent).not.toContain(messages.unableToLoadCollections);
  });
});
