import { memberAreaMessages, pageVisibility } from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteMembers } from '../db/schema';
import { loadMemberAreas } from '../member-areas/area-store';
import { memberAccountsEnabled } from '../security/members';
import { safeReturnTo } from '../security/return-to';
import { visibleTo, type Viewer } from './site-chrome';
import type { PageRow, WebsiteRow } from '../site/site-data';
import { PAGE_TYPE } from '../site/page-type';

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
        /** The single sign-on screen, offered on the sign-in page when the owner added a provider. */
        ssoUrl: undefined as string | undefined,
      },
    },
  };
}

/** Where a new member lands once the emailed link verified the account (page type 208). */
export const MEMBERSHIP_CONFIRMED_PATH = '/account/membership-confirmed';

/**
 * Membership confirmed (208): a signed-in member whose email is verified sees the membership in
 * force and the members-only pages it opens. Signed out, the page asks for sign-in and comes back;
 * not verified yet, the account page says how to verify. After a paid member area's checkout
 * (the order's `?orderId=&token=`), it names the area the member now belongs to, what it holds and
 * links into it; an area they do not belong to (someone else's link) is not named.
 * Always personal, never cached.
 */
export async function membershipConfirmedPage(
  db: Pick<Database, 'select'>,
  website: WebsiteRow,
  allPages: readonly PageRow[],
  viewer: Viewer,
  areaId?: string,
) {
  const base = {
    pageType: PAGE_TYPE.membershipConfirmed,
    templateName: ACCOUNT_TEMPLATE,
    personal: true as const,
  };
  if (!viewer.account)
    return {
      ...base,
      status: 302,
      location: `/account/login?returnTo=${encodeURIComponent(MEMBERSHIP_CONFIRMED_PATH)}`,
      extra: {},
    };
  const [member] = await db
    .select({ email: siteMembers.email, verified: siteMembers.emailVerifiedAt })
    .from(siteMembers)
    .where(and(eq(siteMembers.id, viewer.account.id), eq(siteMembers.websiteId, website.id)));
  if (!member?.verified) return { ...base, status: 302, location: '/account', extra: {} };
  const memberPages = allPages.filter(
    (p) =>
      (p.kind === 'page' || p.kind === 'collection') &&
      visibleTo(p, viewer) &&
      pageVisibility(p.status, p.publishAt, viewer.now) === 'members-only',
  );
  const area =
    areaId && viewer.memberAreaIds?.has(areaId)
      ? (await loadMemberAreas(db, website.id)).find((a) => a.id === areaId)
      : undefined;
  const byId = new Map(allPages.map((p) => [p.id, p]));
  return {
    ...base,
    status: 200,
    extra: {
      account: {
        view: 'membership',
        email: member.email,
        memberPages: memberPages.map((p) => ({ title: p.title, fullUrl: p.path })),
        area: area && {
          title: memberAreaMessages.joinedArea(area.name),
          description: area.description || undefined,
          pagesTitle: memberAreaMessages.areaPagesTitle,
          pages: area.pageIds
            .map((id) => byId.get(id))
            .filter((p): p is PageRow => p !== undefined && visibleTo(p, viewer))
            .map((p) => ({ title: p.title, fullUrl: p.path })),
        },
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
