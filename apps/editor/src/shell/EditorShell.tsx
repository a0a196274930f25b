import { billingMessages, ErrorBoundary } from '@site/ui';
import { Link, Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useEditorSite, useMe, useSignOut } from '../api/queries';
import { SignInScreen } from '../sign-in/SignInScreen';

type NavLink = readonly [to: string, label: string];

/** The screens in the order an owner reaches for them, grouped the way the top bar separates them. */
function navGroups(isOwner: boolean): { label: string; links: NavLink[] }[] {
  return [
    {
      label: 'Website',
      links: [
        ['/pages', 'Pages'],
        ['/header-footer', 'Header & footer'],
        ['/site-styles', 'Site styles'],
        ['/templates', 'Templates'],
        ['/files', 'Files'],
        ['/comments', 'Comments'],
        ['/tags', 'Tags'],
      ],
    },
    { label: 'Commerce', links: [['/store', 'Store'], ['/orders', 'Orders']] },
    {
      label: 'Marketing',
      links: [
        ['/forms', 'Forms'],
        ['/mailing-lists', 'Mailing lists'],
        ['/automations', 'Automations'],
        ['/popup', 'Pop-up'],
        ['/analytics', 'Analytics'],
      ],
    },
    { label: 'Settings', links: [['/languages', 'Languages'], ...(isOwner ? [['/site-settings', 'Domains'] as const] : [])] },
  ];
}

/** Sign-in gate, the editor's frame (top bar and navigation) and an error boundary around each screen. */
export function EditorShell() {
  const me = useMe();
  const signOut = useSignOut();
  const site = useEditorSite();
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
        <nav className="ed-topbar__nav" aria-label="Editor">
          {navGroups(me.data.roles.includes('owner')).map((group) => (
            <div key={group.label} className="ed-topbar__group" role="group" aria-label={group.label}>
              {group.links.map(([to, label]) => (
                <Link key={to} to={to} className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
                  {label}
                </Link>
              ))}
            </div>
          ))}
        </nav>
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
      <ErrorBoundary onError={(error) => console.error('editor screen failed', error)}>
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
    </div>
  );
}

/** platform.md §2: a trial links to /settings/billing/upgrade, a plan to its subscription page. */
function TrialBanner({ billing }: { billing: { plan: string; trialEndsAt: string | null } | undefined }) {
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
