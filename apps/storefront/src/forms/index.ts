import type { PageContext } from '../page-context';

/**
 * Enhances server-rendered site forms (the /contact page). The enhancer is a chunk of its own,
 * fetched only on pages that have a form, so product pages do not pay for it.
 */
export function enhanceForms(doc: Document, context: PageContext): void {
  const newsletters = Array.from(doc.querySelectorAll<HTMLElement>('[data-newsletter-block]'));
  if (newsletters.length > 0) {
    void import('./newsletter').then(({ mountNewsletter }) => {
      for (const block of newsletters) mountNewsletter(block, context);
    });
  }
  const forms = Array.from(doc.querySelectorAll<HTMLFormElement>('form[data-site-form]'));
  if (forms.length === 0) return;
  void import('./site-form').then(({ mountSiteForm }) => {
    for (const form of forms) mountSiteForm(form, context);
  });
}
