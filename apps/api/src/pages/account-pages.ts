import { memberAccountsEnabled } from '../security/members';
import type { Viewer } from './site-chrome';
import type { WebsiteRow } from '../site/site-data';

/** The member pages under /account (a reserved segment, so no owner page can take these paths). */
const VIEWS = {
  '/account': 'home',
  '/account/login': 'login',
  '/account/create': 'create',
  '/account/verify': 'verify',
  '/account/forgot': 'forgot',
  '/account/reset': 'reset',
} as const;
type AccountView = (typeof VIEWS)[keyof typeof VIEWS];

/** Pages for visitors only: a signed-in member is sent on to the account. */
const SIGNED_OUT_ONLY = new Set<AccountView>(['login', 'create', 'forgot']);

export const ACCOUNT_TEMPLATE = 'account';

// A returnTo that is not a path on this site would make the sign-in page an open redirect.
const safeReturnTo = (value: string | undefined) =>
  value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/account';

/**
 * What an /account path renders: the view for the account template, or a redirect. Always
 * personal (tokens in the query, who is signed in), so never cached.
 */
export function accountPage(
  path: string,
  query: Readonly<Record<string, string>>,
  viewer: Viewer,
  website: WebsiteRow,
) {
  if (path !== '/account' && !path.startsWith('/account/')) return undefined;
  const view = (VIEWS as Record<string, AccountView | undefined>)[path];
  const base = { pageType: 2, templateName: ACCOUNT_TEMPLATE, personal: true as const };
  if (!view) return { ...base, status: 404, templateName: 'not-found', extra: {} };
  if (view === 'home' && !viewer.member)
    return { ...base, status: 302, location: '/account/login', extra: {} };
  if (SIGNED_OUT_ONLY.has(view) && viewer.member)
    return { ...base, status: 302, location: '/account', extra: {} };
  return {
    ...base,
    status: 200,
    extra: {
      account: {
        view,
        canCreate: memberAccountsEnabled(website.settings),
        token: view === 'verify' || view === 'reset' ? (query.token ?? '') : undefined,
        returnTo: view === 'login' ? safeReturnTo(query.returnTo) : undefined,
      },
    },
  };
}

/** The header's "Sign in" / "Account" link, read by the site layout template. */
export function memberLinkContext(website: WebsiteRow, viewer: Viewer) {
  if (!memberAccountsEnabled(website.settings)) return undefined;
  return viewer.member
    ? { href: '/account', label: 'Account' }
    : { href: '/account/login', label: 'Sign in' };
}
