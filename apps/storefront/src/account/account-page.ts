import './account.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageContext } from '../page-context';
import { storefrontMessages as t } from '../messages';
import { AccountRoot, type AccountData } from './AccountData';
import { enhanceAccountForms, verifyFromLink } from './account-forms';
import { signOut } from './member-session';

function enhanceSignOut(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>('[data-account-signout]');
  const error = doc.querySelector<HTMLElement>('[data-signout-error]');
  button?.addEventListener('click', () => {
    button.disabled = true;
    signOut()
      .then(() => window.location.assign('/'))
      .catch(() => {
        button.disabled = false;
        if (error) {
          error.textContent = t.signOutFailed;
          error.hidden = false;
        }
      });
  });
}

/** The /account pages: forms, the verify link, and on /account the member's data. */
export function mountAccountPage(doc: Document, context: PageContext): void {
  enhanceAccountForms(doc);
  verifyFromLink(doc);
  enhanceSignOut(doc);
  const root = doc.getElementById('account-data-root');
  if (!root) return;
  const language = doc.querySelector<HTMLSelectElement>('#locale-language');
  const onLoaded = (data: AccountData) => {
    const current = data.account.language ?? context.locale;
    if (language && Array.from(language.options).some((o) => o.value === current)) language.value = current;
  };
  createRoot(root).render(createElement(AccountRoot, { locale: context.locale, onLoaded }));
}
