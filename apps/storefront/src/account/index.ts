import type { PageContext } from '../page-context';

/** The member pages load their code only under /account (the marker is in the account template). */
export function enhanceAccountPages(doc: Document, context: PageContext): void {
  if (!doc.querySelector('[data-account-page]')) return;
  void import('./account-page').then((m) => m.mountAccountPage(doc, context));
}
