import { STORE_API } from '@site/commerce-core/admin';
import { blockDefinition, type PreviewProducts } from '@site/page-content';
import { BlockInspector } from '@site/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, field, mount, stubServer, type, unmount, type Call } from '../test/dom';
import { useProductPicker } from './useProductPicker';

const catalogue = Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, title: `Mug ${i}` })).concat([
  { id: 'tote', title: 'Waxed Canvas Tote' },
]);

/** The store's product search as the server answers it: matches by title, one page of `limit`. */
function storeSearch(call: Call) {
  const url = new URL(call.url, 'http://x');
  if (url.pathname !== STORE_API.products) return undefined;
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const products = catalogue.filter((p) => p.title.toLowerCase().includes(q)).slice(0, limit);
  return { status: 200, body: { products, nextCursor: null } };
}

const shown: PreviewProducts = {
  products: [{ id: 'p250', title: 'Mug 250', collectionId: 'shop', item: {} }],
  shops: [],
};

function Picker({ type: blockType, productId }: { type: string; productId: string }) {
  const { choices, search } = useProductPicker({ type: blockType, settings: { productId } }, shown);
  return (
    <BlockInspector
      definition={blockDefinition('product')!}
      settings={{ productId }}
      onChange={() => {}}
      choices={{ product: choices }}
      productSearch={search}
    />
  );
}

const optionLabels = (host: HTMLElement) =>
  [...field(host, 'Product').querySelectorAll('option')].map((o) => o.textContent);
const searches = (calls: Call[]) =>
  calls.filter((c) => c.url.startsWith(STORE_API.products)).map((c) => new URL(c.url, 'http://x').search);

afterEach(unmount);

describe('the product block’s picker', () => {
  it('offers one page of the store’s matches, never the whole catalogue, with the block’s own product', async () => {
    const calls = stubServer(storeSearch);
    const host = await mount(<Picker type="product" productId="p250" />);
    await eventually(() => expect(optionLabels(host)).toHaveLength(22));
    expect(optionLabels(host).slice(0, 3)).toEqual(['None selected', 'Mug 250', 'Mug 0']);
    expect(searches(calls)).toEqual(['?limit=20']);
  });

  it('searches the store as the owner types, once per pause, and says when nothing matches', async () => {
    const calls = stubServer(storeSearch);
    const host = await mount(<Picker type="product" productId="" />);
    await eventually(() => expect(optionLabels(host)).toHaveLength(21));
    for (const typed of ['c', 'ca', 'can', 'canvas']) await type(field(host, 'Search products'), typed);
    await eventually(() => expect(optionLabels(host)).toEqual(['None selected', 'Waxed Canvas Tote']));
    expect(searches(calls)).toEqual(['?limit=20', '?q=canvas&limit=20']);

    await type(field(host, 'Search products'), 'zzz');
    await eventually(() => expect(host.textContent).toContain('No products match “zzz”.'));
    expect(optionLabels(host)).toEqual(['None selected']);
  });

  it('does not say nothing matches when the match is the block’s own product', async () => {
    stubServer(storeSearch);
    const host = await mount(<Picker type="product" productId="p250" />);
    await type(field(host, 'Search products'), 'mug 250');
    await eventually(() => expect(optionLabels(host)).toEqual(['None selected', 'Mug 250']));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(host.textContent).not.toContain('No products match');
  });

  it('says so when the search fails', async () => {
    stubServer(() => ({ status: 500, body: { error: { code: 'X', message: 'down' } } }));
    const host = await mount(<Picker type="product" productId="" />);
    await eventually(() => expect(host.textContent).toContain('Products could not be loaded. Try again.'));
  });

  it('asks nothing while another block is selected', async () => {
    const calls = stubServer(storeSearch);
    await mount(<Picker type="heading" productId="" />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(calls)).toEqual([]);
  });
});
