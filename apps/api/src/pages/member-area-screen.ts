import { areaPriceLabel, canView, memberAreaAccess, memberAreaMessages } from '@site/page-content';
import type { AreaGate } from '../member-areas/area-store';
import { memberAccountsEnabled } from '../security/members';
import { PAGE_TYPE } from '../site/page-type';
import { storeCurrency, type PageRow, type WebsiteRow } from '../site/site-data';
import type { Resolved } from './resolve-path';
import { visibleTo, type Viewer } from './site-chrome';

/** The areas' pages this viewer may not open: their content, items, search hits and feeds stay hidden. */
export function closedPageIds(areas: readonly AreaGate[], viewer: Viewer): Set<string> {
  const who = {
    memberAreaIds: viewer.memberAreaIds ?? new Set<string>(),
    isTeam: viewer.account !== undefined && canView(viewer.account.roles),
  };
  const gated = new Set(areas.flatMap((a) => a.pageIds));
  return new Set([...gated].filter((id) => !memberAreaAccess(areas, id, who).open));
}

/**
 * The join screen (page type 106, member-area access denied) in place of a gated page: the page's
 * title and each area that opens it, with its description and the way in. Signed out: create an
 * account or sign in, coming back here; signed in: a Join button (a plain form with the crumb, so
 * that answer is personal; the signed-out one is the same for every visitor and may be cached).
 * Never the page itself, nor its context.
 */
export function memberAreaScreen(
  page: PageRow,
  areas: readonly AreaGate[],
  path: string,
  viewer: Viewer,
  website: WebsiteRow,
): Resolved {
  const opening = areas.filter((a) => a.pageIds.includes(page.id));
  const returnTo = encodeURIComponent(path);
  const currency = storeCurrency(website);
  const priced = opening.map((a) => ({ area: a, price: areaPriceLabel(a.price, currency) }));
  const paid = priced.some((p) => p.price);
  return {
    status: 403,
    pageType: PAGE_TYPE.accessDenied,
    templateName: 'member-area',
    extra: {
      memberArea: {
        title: page.title,
        lead: viewer.member
          ? paid
            ? memberAreaMessages.joinLeadPaid
            : memberAreaMessages.joinLead
          : memberAreaMessages.signedOutLead,
        // Each area's form carries the crumb itself: a repeated section does not reach `memberArea.crumb`.
        areas: priced.map(({ area: a, price }) => ({
          id: a.id,
          name: a.name,
          description: a.description || undefined,
          price,
          joinLabel: price ? memberAreaMessages.joinFor(price) : `Join ${a.name}`,
          crumb: viewer.member ? viewer.crumb : undefined,
        })),
        signedIn: viewer.member || undefined,
        crumb: viewer.member ? viewer.crumb : undefined,
        returnTo: path,
        // Creating an account ends with the emailed link; the member signs in and comes back after.
        signUpUrl: memberAccountsEnabled(website.settings) ? '/account/create' : undefined,
        signInUrl: `/account/login?returnTo=${returnTo}`,
      },
    },
    personal: viewer.member || undefined,
  };
}

/**
 * The areas as the member area and Pricing plan blocks show them to this viewer: Join leads to the
 * area's first page a visitor can reach (the join screen until they join), members read that they
 * are in, and a plan that sells an area shows its price in the store's currency (`currency`). The
 * page cache keys signed-in visitors by their areas, so `joined` is never shown to another.
 */
export function memberAreaBlockData(
  areas: readonly AreaGate[],
  byId: ReadonlyMap<string, PageRow>,
  viewer: Viewer,
  currency = 'USD',
) {
  return new Map(
    areas.map((a) => {
      const first = a.pageIds.map((id) => byId.get(id)).find((p) => p && visibleTo(p, viewer));
      return [
        a.id,
        {
          name: a.name,
          description: a.description,
          url: first?.path,
          joined: viewer.memberAreaIds?.has(a.id) ?? false,
          price: a.price,
          currency,
        },
      ];
    }),
  );
}

/**
 * The account page's list of the areas the member joined, each with a Leave form (a plain post
 * with the crumb; the account page is personal and never cached). Read from the viewer's areas,
 * which the page cache key already holds: no other query.
 */
export function withJoinedAreas(
  resolved: Resolved,
  areas: readonly AreaGate[],
  byId: ReadonlyMap<string, PageRow>,
  viewer: Viewer,
): Resolved {
  const account = resolved.extra.account as { view?: string } | undefined;
  if (account?.view !== 'home' || !viewer.memberAreaIds?.size) return resolved;
  const blocks = memberAreaBlockData(areas, byId, viewer);
  const joined = areas.filter((a) => viewer.memberAreaIds!.has(a.id));
  return {
    ...resolved,
    extra: {
      ...resolved.extra,
      account: {
        ...account,
        memberAreas: {
          title: memberAreaMessages.accountAreasTitle,
          crumb: viewer.crumb,
          areas: joined.map((a) => ({
            id: a.id,
            name: a.name,
            url: blocks.get(a.id)?.url,
            leaveLabel: memberAreaMessages.leave(a.name),
          })),
        },
      },
    },
  };
}
