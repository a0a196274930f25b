import type { PageContext } from '../page-context';

/**
 * Enhances server-rendered site forms (the /contact page). The enhancer is a chunk of its own,
 * fetched only on pages that have a form, so product pages do not pay for it.
 */
export function enhanceForms(doc: Document, context: PageContext): void {
  const forms = Array.from(doc.querySelectorAll<HTMLFormElement>('form[data-site-form]'));
  if (forms.length === 0) return;
  void import('./site-form').then(({ mountSiteForm }) => {
    for (const form of forms) mountSiteForm(form, context);
  });
}
