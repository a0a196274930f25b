import { Lightbox } from '@site/ui';
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { CartStore } from '../cart/cart-store';
import { storefrontMessages } from '../messages';
import { readPageContext, type PageContext } from '../page-context';
import { mountAddToCartButtons } from '../product/add-to-cart';
import { enhanceProductPage } from '../product/product-page';
import { trackQuickView } from '../tracking';
import { quickViewContent } from './content';

export interface QuickViewRequest {
  itemId: string;
  /** The product's own page: the quick view shows part of it. */
  url: string;
  title: string;
  store: CartStore;
  opener?: HTMLElement;
}

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; detail: HTMLElement; context: PageContext };

/**
 * The product page as served (cached for every visitor alike) holds the theme's own product
 * markup and the product's page context; the quick view shows the buying part of it.
 */
async function load(request: QuickViewRequest): Promise<Loaded> {
  const res = await fetch(request.url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!res.ok) return { state: 'failed' };
  const page = new DOMParser().parseFromString(await res.text(), 'text/html');
  const context = readPageContext(page);
  const detail = quickViewContent(page, request.url);
  if (!detail || context.item?.id !== request.itemId) return { state: 'failed' };
  return { state: 'ready', detail: document.importNode(detail, true), context };
}

function QuickView({ request, onClose }: { request: QuickViewRequest; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    load(request)
      .catch((): Loaded => ({ state: 'failed' }))
      .then((next) => {
        if (live) setLoaded(next);
      });
    return () => {
      live = false;
    };
  }, [request]);
  useEffect(() => {
    const target = host.current;
    if (loaded.state !== 'ready' || !target) return;
    target.replaceChildren(loaded.detail);
    // The same buttons, variant choices, prices and restock form as on the product page.
    mountAddToCartButtons(target, loaded.context, request.store);
    enhanceProductPage(target, loaded.context);
    trackQuickView(request.itemId);
  }, [loaded, request]);
  return (
    <Lightbox isOpen onClose={onClose} title={request.title || storefrontMessages.quickView}>
      <div className="sqs-quick-view" aria-busy={loaded.state === 'loading'}>
        {loaded.state === 'loading' && <p role="status">{storefrontMessages.loadingProduct}</p>}
        {loaded.state === 'failed' && (
          <p role="alert">
            {storefrontMessages.quickViewFailed}{' '}
            <a href={request.url}>{storefrontMessages.openProductPage}</a>
          </p>
        )}
        <div ref={host} />
      </div>
    </Lightbox>
  );
}

let root: Root | undefined;

/** Opens a product's quick view over the listing; closing it gives focus back to its button. */
export function openQuickView(request: QuickViewRequest): void {
  if (!root) {
    const mount = document.createElement('div');
    mount.id = 'sqs-quick-view-root';
    document.body.append(mount);
    root = createRoot(mount);
  }
  const target = root;
  const close = () => {
    target.render(null);
    request.opener?.focus();
  };
  // A fresh key per opening: nothing of the last product's choices carries over.
  target.render(<QuickView key={Date.now()} request={request} onClose={close} />);
}
