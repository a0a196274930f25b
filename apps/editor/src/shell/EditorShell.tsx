import { billingMessages, ErrorBoundary } from '@site/ui';
import { Link, Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useEditorSite, useMe, useSignOut } from '../api/queries';
import { SignInScreen } from '../sign-in/SignInScreen';

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
          <Link to="/pages" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Pages
          </Link>
          <Link to="/header-footer" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Header &amp; footer
          </Link>
          <Link to="/site-styles" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Site styles
          </Link>
          <Link to="/templates" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Templates
          </Link>
          <Link to="/files" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Files
          </Link>
          <Link to="/store" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Store
          </Link>
          <Link to="/orders" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Orders
          </Link>
          <Link to="/forms" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Forms
          </Link>
          <Link to="/comments" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Comments
          </Link>
          <Link to="/tags" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Tags
          </Link>
          <Link to="/mailing-lists" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Mailing lists
          </Link>
          <Link to="/automations" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Automations
          </Link>
          <Link to="/analytics" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Analytics
          </Link>
          <Link to="/languages" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
            Languages
          </Link>
          {me.data.roles.includes('owner') && (
            <Link to="/site-settings" className="ed-topbar__link" activeProps={{ 'aria-current': 'page' }}>
              Domains
            </Link>
          )}
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
