import { CAPTCHA_ACTIONS, messages as formMessages, type CaptchaProvider } from '@site/forms';
import { RestockForm } from '@site/ui';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import { attachScriptCaptcha } from '../forms/captcha-script';
import type { PageContext, ProductItem } from '../page-context';

/** The site's bot check for the sign-up, or undefined when the site has its captcha off. */
async function waitlistToken(captcha: CaptchaProvider | undefined): Promise<string | undefined> {
  if (!captcha) return undefined;
  const token = await captcha.getToken(CAPTCHA_ACTIONS.productWaitlist).catch(() => null);
  if (token) return token;
  captcha.reset();
  throw formMessages.captchaIncomplete;
}

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
  const siteKey = context.captchaSettings?.siteKey;
  let captcha: CaptchaProvider | undefined;
  if (siteKey) {
    const container = document.createElement('div');
    container.className = 'form-captcha';
    block.append(container);
    captcha = attachScriptCaptcha(block, container, siteKey);
  }
  createRoot(host).render(
    <RestockForm
      merchandising={context.merchandising[productId]}
      onSubmit={async ({ email, isJoinMailingList }) => {
        const token = await waitlistToken(captcha);
        try {
          await api('POST', '/api/commerce/restock-notifications', {
            productId,
            variantId,
            siteVisitorEmail: email,
            isJoinMailingList,
            // Without a site key the site has its captcha off and the server checks no token.
            recaptchaEnterpriseV3Token: token ?? '',
          });
        } catch (err) {
          throw err instanceof ApiError && err.message ? err.message : undefined;
        }
      }}
    />,
  );
}
