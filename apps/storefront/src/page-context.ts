export interface PageContext {
  websiteId: string;
  pageType: number;
  pageId: string | null;
  collectionId: string | null;
  itemId: string | null;
  storeCurrency: string;
  locale: string;
}

/** The server embeds the page context as JSON; a missing or broken one degrades to defaults. */
export function readPageContext(doc: Document): PageContext {
  const fallback: PageContext = {
    websiteId: '',
    pageType: 2,
    pageId: null,
    collectionId: null,
    itemId: null,
    storeCurrency: 'USD',
    locale: doc.documentElement.lang || 'en-US',
  };
  const text = doc.getElementById('page-context')?.textContent;
  if (!text) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(text) as Partial<PageContext>) };
  } catch {
    return fallback;
  }
}
