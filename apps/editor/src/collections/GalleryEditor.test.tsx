import {
  COLLECTIONS_API,
  EDITOR_API,
  MAX_COLLECTION_ITEMS,
  type CollectionItemView,
  type PageSummary,
} from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { button, eventually, me, mount, status, stubServer, unmount } from '../test/dom';
import { GalleryEditor } from './GalleryEditor';

afterEach(unmount);

const page = {
  id: 'page-gallery',
  title: 'Gallery',
  path: '/studio/gallery',
  kind: 'collection',
  collectionType: 'gallery',
} as PageSummary;

const picture = (n: number): CollectionItemView => ({
  id: `p${n}`,
  collectionId: page.id,
  urlId: `picture-${n}`,
  title: `Picture ${n}`,
  body: '',
  status: 'published',
  position: n,
  data: { src: `/files/p${n}/picture-${n}.jpg`, alt: '' },
  version: 0,
  updatedAt: '2026-01-01T00:00:00Z',
});

const gallery = (count: number) =>
  stubServer(({ url }) => {
    if (url.startsWith(EDITOR_API.me)) return me();
    if (url.startsWith(COLLECTIONS_API.items))
      return {
        status: 200,
        body: { collectionType: 'gallery', items: Array.from({ length: count }, (_, i) => picture(i + 1)) },
      };
    return undefined;
  });

describe('Max items in a user-orderable collection', () => {
  it('a gallery of 250 pictures says it is full where Add picture was', async () => {
    gallery(MAX_COLLECTION_ITEMS);
    const host = await mount(<GalleryEditor page={page} />);
    await eventually(() => expect(host.textContent).toContain('250 pictures'));
    expect(button(host, 'Add picture')).toBeFalsy();
    expect(status(host)).toBe('This collection holds at most 250 items. Delete one to add another.');
  });

  it('one picture fewer, the owner may still add one', async () => {
    gallery(MAX_COLLECTION_ITEMS - 1);
    const host = await mount(<GalleryEditor page={page} />);
    await eventually(() => expect(host.textContent).toContain('249 pictures'));
    expect(button(host, 'Add picture')).toBeTruthy();
    expect(host.textContent).not.toContain('at most 250 items');
  });
});
