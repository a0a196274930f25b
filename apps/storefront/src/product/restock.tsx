import { CAPTCHA_ACTIONS, type CaptchaProvider } from '@site/forms';
import { RestockForm } from '@site/ui';
import { createRoot } from 'react-dom/client';
import { ApiError, api } from '../api';
import { memberApi } from '../account/member-session';
import { attachScriptCaptcha, captchaTokenFor } from '../forms/captcha-script';
import type { PageContext, ProductItem } from '../page-context';

/**
 * Replaces a restock block's server-rendered form with the accessible one. A chunk of its own:
 * product-page.tsx loads it when a restock block is (or becomes) visible.
 */
export function mountRestock(block: HTMLElement, item: ProductItem, context: PageContext): void {
  const productId = block.dataset.productId ?? item.id;
  const variantId = block.dataset.variantId ?? '';
  const host = document.createElement('div');
  // A visitor may type before this chunk arrives: their text moves into the new form.
  const typed = block.querySelector<HTMLInputElement>('.product-restock-form input[name=email]')?.value ?? '';
  // The accessible form brings its own call-to-action line: the server's would repeat it.
  for (const el of block.querySelectorAll(
    '.product-restock-cta, .product-restock-form, .product-restock-mailing-list',
  ))
    el.remove();
  block.append(host);
  // A signed-in member signs up through the account call, with the account's email.
  const signedIn = context.authenticatedAccount !== undefined;
  const siteKey = signedIn ? undefined : context.captchaSettings?.siteKey;
  let captcha: CaptchaProvider | undefined;
  // The widget goes inside the form, above its button; one per container, attached once.
  const captchaRef = siteKey
    ? (container: HTMLDivElement | null) => {
        if (container && !captcha) captcha = attachScriptCaptcha(block, container, siteKey);
      }
    : undefined;
  createRoot(host).render(
    <RestockForm
      merchandising={context.merchandising[productId]}
      captchaRef={captchaRef}
      signedIn={signedIn}
      initialEmail={typed}
      onSubmit={async ({ email, isJoinMailingList }) => {
        const token = siteKey ? await captchaTokenFor(captcha, CAPTCHA_ACTIONS.productWaitlist) : undefined;
        try {
          if (signedIn) {
            await memberApi('POST', '/api/site-users/account/notifications/restock', {
              productId,
              variantId,
              language: context.locale,
            });
            return;
          }
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
