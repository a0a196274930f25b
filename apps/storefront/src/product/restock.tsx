import { RestockForm } from '@site/ui';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import type { PageContext, ProductItem } from '../page-context';

/**
 * Replaces a restock block's server-rendered form with the accessible one. A chunk of its own:
 * product-page.tsx loads it when a restock block is (or becomes) visible.
 */
export function mountRestock(block: HTMLElement, item: ProductItem, context: PageContext): void {
  const productId = block.dataset.productId ?? item.id;
  const variantId = block.dataset.variantId ?? '';
  const host = document.createElement('div');
  // The accessible form brings its own call-to-action line: the server's would repeat it.
  for (const el of block.querySelectorAll('.product-restock-cta, .product-restock-form, .product-restock-mailing-list'))
    el.remove();
  block.append(host);
  createRoot(host).render(
    <RestockForm
      merchandising={context.merchandising[productId]}
      onSubmit={async ({ email, isJoinMailingList }) => {
        try {
          await api('POST', '/api/commerce/restock-notifications', {
            productId,
            variantId,
            siteVisitorEmail: email,
            isJoinMailingList,
            // The bot check sits behind the captcha interface; the local site has no provider key.
            recaptchaEnterpriseV3Token: 'local',
          });
        } catch (err) {
          throw err instanceof ApiError && err.message ? err.message : undefined;
        }
      }}
    />,
  );
}
