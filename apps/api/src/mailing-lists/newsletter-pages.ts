import { compile, type Template } from '@site/template-engine';
import type { Database } from '../db/client';
import { findUnsubscribeTarget, UNSUBSCRIBE_PATH } from './subscriptions';
import { PAGE_TYPE } from '../site/page-type';

export interface NewsletterPage {
  status: number;
  pageType: number;
  /** The page's main content, rendered inside the site layout. */
  html: string;
}

let template: Template | undefined;
// One template for every state, so the wording sits in one place.
const source = () =>
  (template ??= compile(
    [
      '<section class="newsletter-page" aria-labelledby="newsletter-page-title">',
      '{.equal? state "invalid-link"}<h1 id="newsletter-page-title">This link is not valid</h1><p>It may have expired or already been used. You can sign up again from the site’s newsletter form.</p>{.end}',
      '{.equal? state "unknown"}<h1 id="newsletter-page-title">Unsubscribe</h1><p>This unsubscribe link is not valid. Use the link from the most recent email you received.</p>{.end}',
      '{.equal? state "subscribed"}',
      '{.if confirmed}<h1 id="newsletter-page-title">Subscription confirmed</h1><p>{email|htmltag} will receive {listName|htmltag}.</p><p>Changed your mind? You can unsubscribe here at any time.</p>',
      '{.or}<h1 id="newsletter-page-title">Unsubscribe</h1><p>Unsubscribe {email|htmltag} from {listName|htmltag}?</p>{.end}',
      '<form method="post" action="{action|htmlattr}"><button class="button button--primary button--medium" type="submit">Unsubscribe</button></form>',
      '{.end}',
      '{.equal? state "unsubscribed"}<h1 id="newsletter-page-title">You are unsubscribed</h1><p role="status">{email|htmltag} will no longer receive {listName|htmltag}.</p>{.end}',
      '</section>',
    ].join(''),
  ));

/**
 * `/newsletter/unsubscribe?token=…`: asks before unsubscribing (the button posts), then says it
 * is done. The confirmation link lands here too (`confirmed=1`), with the address now on the list.
 */
export async function newsletterPage(
  db: Database,
  websiteId: string,
  path: string,
  query: Readonly<Record<string, string>>,
): Promise<NewsletterPage | undefined> {
  if (path !== UNSUBSCRIBE_PATH) return undefined;
  const render = (status: number, data: Record<string, unknown>): NewsletterPage => ({
    status,
    pageType: PAGE_TYPE.newsletterUnsubscribe,
    html: source().render(data).html,
  });
  if (query.invalid === 'confirm') return render(404, { state: 'invalid-link' });
  const token = query.token ?? '';
  const target = await findUnsubscribeTarget(db, websiteId, token);
  if (!target) return render(404, { state: 'unknown' });
  return render(200, {
    state: target.unsubscribed ? 'unsubscribed' : 'subscribed',
    confirmed: query.confirmed === '1',
    email: target.email,
    listName: target.listName,
    action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
  });
}
