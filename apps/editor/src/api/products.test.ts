import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct, AdminProductSave } from '@site/commerce-core/admin';
import { ApiError } from './http';
import { ProductSeoNotSaved, ProductTagsNotSaved, runBulk, saveProductWithTags } from './products';

afterEach(() => vi.restoreAllMocks());

describe('runBulk', () => {
  const product = (id: string, enabled: boolean, version = 1) => ({ id, enabled, version }) as AdminProduct;

  it("hides only the products still shown, sending each one's version", async () => {
    const call = vi.fn(async () => ({}));
    const outcome = await runBulk(
      'disable',
      [product('a', true, 3), product('b', false), product('c', true, 7)],
      call,
    );
    expect(call.mock.calls).toEqual([
      ['PATCH', '/api/editor/store/products/a', { body: { version: 3, enabled: false } }],
      ['PATCH', '/api/editor/store/products/c', { body: { version: 7, enabled: false } }],
    ]);
    expect(outcome).toEqual({ failed: 0, total: 3, firstError: undefined });
  });

  it('deletes each product with its version and carries on past a stale one', async () => {
    const stale = new ApiError(409, 'STALE', 'Someone else changed this product since you opened it.');
    const call = vi.fn(async (_method: string, url: string, _options: unknown) => {
      if (url.endsWith('/b')) throw stale;
      return {};
    });
    const outcome = await runBulk(
      'delete',
      [product('a', true, 2), product('b', true, 5), product('c', false, 1)],
      call,
    );
    expect(call.mock.calls.map((c) => [c[0], c[1], c[2]])).toEqual([
      ['DELETE', '/api/editor/store/products/a', { query: { version: 2 } }],
      ['DELETE', '/api/editor/store/products/b', { query: { version: 5 } }],
      ['DELETE', '/api/editor/store/products/c', { query: { version: 1 } }],
    ]);
    expect(outcome).toEqual({ failed: 1, total: 3, firstError: stale });
  });
});

describe('saveProductWithTags', () => {
  const input = { collectionId: 'shop', title: 'Mug' } as AdminProductSave;
  const savedProduct = (tags: string[], categories: string[]) =>
    ({ id: 'p 1', version: 4, tags, categories }) as unknown as AdminProduct;

  it('saves the product, then its changed names with their own call to the saved product', async () => {
    const call = vi.fn(async (_method: string, path: string) =>
      path.endsWith('/tags') ? { tags: ['gift idea'], categories: ['Kitchen'] } : savedProduct([], []),
    );
    const product = await saveProductWithTags(
      { input, names: { tags: ['gift idea'], categories: ['Kitchen'] } },
      call as never,
    );
    expect(call.mock.calls).toEqual([
      ['POST', '/api/editor/store/products', { body: input }],
      [
        'PUT',
        '/api/editor/store/products/p%201/tags',
        { body: { tags: ['gift idea'], categories: ['Kitchen'] } },
      ],
    ]);
    expect(product).toMatchObject({ id: 'p 1', version: 4, tags: ['gift idea'], categories: ['Kitchen'] });
  });

  it('sends no names call when the saved product already carries them, in that order', async () => {
    const call = vi.fn(async () => savedProduct(['a', 'b'], ['C']));
    await saveProductWithTags(
      { id: 'p 1', input, names: { tags: ['a', 'b'], categories: ['C'] } },
      call as never,
    );
    expect(call.mock.calls).toEqual([['PUT', '/api/editor/store/products/p%201', { body: input }]]);
    await saveProductWithTags(
      { id: 'p 1', input, names: { tags: ['b', 'a'], categories: ['C'] } },
      call as never,
    );
    expect(call).toHaveBeenLastCalledWith('PUT', '/api/editor/store/products/p%201/tags', {
      body: { tags: ['b', 'a'], categories: ['C'] },
    });
  });

  it('says the product is saved when only its names are refused, with the saved product to retry on', async () => {
    const refusal = new ApiError(400, 'VALIDATION', 'A category can be at most 25 characters');
    const call = vi.fn(async (_method: string, path: string) => {
      if (path.endsWith('/tags')) throw refusal;
      return savedProduct([], []);
    });
    const failure = await saveProductWithTags(
      { input, names: { tags: [], categories: ['x'] } },
      call as never,
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProductTagsNotSaved);
    expect((failure as ProductTagsNotSaved).reason).toBe(refusal);
    expect((failure as ProductTagsNotSaved).product).toMatchObject({ id: 'p 1', version: 4 });
  });

  it('does not send the names when the product itself is refused', async () => {
    const refusal = new ApiError(409, 'STALE', 'Someone else saved this product');
    const call = vi.fn(async () => {
      throw refusal;
    });
    await expect(
      saveProductWithTags({ id: 'p', input, names: { tags: ['a'], categories: [] } }, call as never),
    ).rejects.toBe(refusal);
    expect(call).toHaveBeenCalledTimes(1);
  });

  const NO_SEO = { title: '', description: '', socialImage: '', noindex: false };
  const HIDDEN = { ...NO_SEO, noindex: true };

  it('sends the search engine settings with their own call only when they changed', async () => {
    const call = vi.fn(async (_method: string, path: string) =>
      path.endsWith('/seo')
        ? { ...savedProduct([], []), seo: HIDDEN }
        : { ...savedProduct([], []), seo: NO_SEO },
    );
    const product = await saveProductWithTags(
      { id: 'p 1', input, names: { tags: [], categories: [] }, seo: HIDDEN },
      call as never,
    );
    expect(call).toHaveBeenLastCalledWith('PUT', '/api/editor/store/products/p%201/seo', { body: HIDDEN });
    expect(product.seo).toEqual(HIDDEN);
    call.mockClear();
    await saveProductWithTags(
      { id: 'p 1', input, names: { tags: [], categories: [] }, seo: NO_SEO },
      call as never,
    );
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('says the product is saved when only its search engine settings are refused', async () => {
    const refusal = new ApiError(400, 'VALIDATION', 'Enter the full address of an image');
    const call = vi.fn(async (_method: string, path: string) => {
      if (path.endsWith('/seo')) throw refusal;
      return { ...savedProduct([], []), seo: NO_SEO };
    });
    const failure = await saveProductWithTags(
      { input, names: { tags: [], categories: [] }, seo: HIDDEN },
      call as never,
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProductSeoNotSaved);
    expect((failure as ProductSeoNotSaved).product).toMatchObject({ id: 'p 1' });
  });
});
