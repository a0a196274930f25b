import { mayDo, type EditorSite } from '@site/page-content';
// Narrow entries, not the package root: the shell is the first load (issue 27's 250 kB budget).
import { ErrorBoundary } from '@site/ui/editor-error-boundary';
import { billingMessages } from '@site/ui/editor-messages';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useId, useState } from 'react';
import { useEditorSite } from '../api/editor-site';
import { useSiteTimeZone } from '../api/site-time-zone';
import { reportEditorError, setErrorReportingSite } from '../api/error-reporting';
import { useMe, useSignOut } from '../api/session';
import { SignInScreen } from '../sign-in/SignInScreen';

type NavLink = readonly [to: string, label: string];

/**
 * The screens in the order an owner reaches for them, grouped the way the top bar separates them;
 * the developer screens (template code, webhooks) sit apart under "Advanced".
 */
function navGroups(roles: readonly string[]): { label: string; links: NavLink[] }[] {
  const isOwner = roles.includes('owner');
  return [
    {
      label: 'Website',
      links: [
        ['/pages', 'Pages'],
        ['/components', 'Components'],
        ['/header-footer', 'Header & footer'],
        ['/site-styles', 'Site styles'],
        ['/files', 'Files'],
        ['/comments', 'Comments'],
        ['/tags', 'Tags'],
        ['/redirects', 'Redirects'],
      ],
    },
    {
      label: 'Commerce',
      links: [
        ['/store', 'Store'],
        ['/orders', 'Orders'],
        ['/reviews', 'Reviews'],
        ['/discounts', 'Discounts'],
        ['/taxes', 'Taxes'],
        ['/shipping', 'Shipping'],
        ['/emails', 'Emails'],
      ],
    },
    {
      label: 'Marketing',
      links: [
        ['/forms', 'Forms'],
        ['/mailing-lists', 'Mailing lists'],
        ['/member-areas', 'Member areas'],
        ['/popup', 'Pop-up'],
      ],
    },
    { label: 'Analytics', links: [['/analytics', 'Analytics']] },
    {
      label: 'Settings',
      links: [
        ...(mayDo(roles, 'change-settings') ? [['/site', 'Site'] as const] : []),
        ...(mayDo(roles, 'change-settings') ? [['/member-sign-in', 'Member sign-in'] as const] : []),
        ['/languages', 'Languages'],
        ...(isOwner ? [['/site-settings', 'Domains'] as const] : []),
        ...(mayDo(roles, 'manage-team') ? [['/team', 'Team'] as const] : []),
        ...(mayDo(roles, 'read-activity') ? [['/activity', 'Activity'] as const] : []),
      ],
    },
    {
      label: 'Advanced',
      links: [
        ['/templates', 'Templates'],
        ['/automations', 'Automations'],
      ],
    },
  ];
}

/**
 * Every screen, grouped. Wide windows show it all in the top bar; narrow ones (a phone) behind a
 * Menu button that opens the whole list, closed again when a screen is chosen.
 */
function EditorNav({ roles }: { roles: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => setOpen(false), [pathname]);
  const navId = useId();
  return (
    <>
      <button
        type="button"
        className="ed-button ed-button--ghost ed-topbar__menu"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Close menu' : 'Menu'}
      </button>
      <nav
        id={navId}
        className={`ed-topbar__nav${open ? ' ed-topbar__nav--open' : ''}`}
        aria-label="Editor"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) setOpen(false);
        }}
      >
        {navGroups(roles).map((group) => (
          <div
            key={group.label}
            className="ed-topbar__group"
            role="group"
            aria-labelledby={`${navId}-${group.label}`}
          >
            <span className="ed-topbar__group-label" id={`${navId}-${group.label}`}>
              {group.label}
            </span>
            {group.links.map(([to, label]) => (
              <Link key={to} to={to} className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
                {label}
              </Link>
            ))}
          </div>
        ))}
      </nav>
    </>
  );
}

/** Sign-in gate, the editor's frame (top bar and navigation) and an error boundary around each screen. */
export function EditorShell() {
  const me = useMe();
  const signOut = useSignOut();
  const site = useEditorSite();
  const siteId = site.data?.website.id;
  const timeZone = useSiteTimeZone();
  useEffect(() => {
    if (siteId) setErrorReportingSite(siteId);
  }, [siteId]);
  const siteTitle = site.data?.website.siteTitle;
  // The owner's tab says which site this editor is for (several sites may be open at once).
  useEffect(() => {
    document.title = siteTitle ? `${siteTitle} · Editor` : 'Site editor';
  }, [siteTitle]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The invitation's page is for someone who is not signed in yet (or is someone else): no gate.
  if (/\/join\/?$/.test(pathname))
    return (
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    );
  if (me.isPending)
    return (
      <p className="ed-loading" role="status">
        Loading…
      </p>
    );
  if (me.error) {
    return (
      <main className="ed-signin">
        <div className="ed-signin__card" role="alert">
          <h1 className="ed-signin__title">{me.error.message}</h1>
          <button type="button" className="ed-button ed-button--primary" onClick={() => void me.refetch()}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  if (!me.data) return <SignInScreen />;
  return (
    <div className="ed-app">
      <header className="ed-topbar">
        <Link to="/pages" className="ed-topbar__brand">
          {site.data?.website.siteTitle ?? 'Site editor'}
        </Link>
        <EditorNav roles={me.data.roles} />
        <div className="ed-topbar__end">
          <a className="ed-topbar__link" href="/" target="_blank" rel="noreferrer">
            View site
          </a>
          <span className="ed-topbar__user" title={me.data.roles.join(', ')}>
            {me.data.email}
          </span>
          <button
            type="button"
            className="ed-button ed-button--ghost"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out
          </button>
        </div>
      </header>
      <TrialBanner billing={site.data?.billing} />
      {timeZone.warning && (
        <p className="ed-topbar-notice" role="status">
          {timeZone.warning}
        </p>
      )}
      {/* The screen is the page's main landmark: a screen's own header is its head, not a banner. */}
      <main className="ed-main">
        <ErrorBoundary onError={(error) => reportEditorError('screen', error)}>
          <Suspense
            fallback={
              <p className="ed-loading" role="status">
                Loading…
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

/**
 * platform.md §2: a trial links to /settings/billing/upgrade, a plan to its subscription page.
 * Where the server sells no plans (billing null, a self-hosted install) there is no bar at all.
 */
function TrialBanner({ billing }: { billing: EditorSite['billing'] | undefined }) {
  if (!billing) return null;
  if (billing.plan !== 'trial') {
    return (
      <p className="ed-trial">
        <Link to="/settings/billing/subscriptions/website">{billingMessages.managePlan}</Link>
      </p>
    );
  }
  const days = billing.trialEndsAt
    ? Math.ceil((Date.parse(billing.trialEndsAt) - Date.now()) / 86_400_000)
    : 0;
  return (
    <p className="ed-trial" role="note">
      {billingMessages.trialEndsIn(days)}{' '}
      <Link to="/settings/billing/upgrade" className="ed-button ed-button--primary">
        {billingMessages.upgrade}
      </Link>
    </p>
  );
}
