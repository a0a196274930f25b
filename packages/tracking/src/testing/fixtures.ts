import type { PageContext } from '../page-context/page-context';
import type { PageEnvironment } from '../page-environment/page-environment';

export const context: PageContext = {
  websiteId: 'site-1',
  templateId: 'tpl-1',
  collectionId: 'col-1',
  itemId: 'item-1',
  pageType: 50,
  websiteLocale: 'en-US',
};

export const environment: PageEnvironment = {
  url: 'https://shop.example/store/p/mug?color=blue&size=l#reviews',
  title: 'Mug',
  referrer: 'https://search.example/',
  userAgent: 'TestAgent/1.0',
  language: 'en-GB',
  viewport: { width: 1280, height: 720 },
  screen: { width: 1920, height: 1080 },
  localStorageSupported: true,
};

/** Deterministic ids: id-1, id-2, ... */
export function sequentialIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
