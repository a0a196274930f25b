import type { RemovedSiteFound } from '@site/page-content';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useFindRemovedSite, useRestoreSite } from '../api/site-admin';
import { AuthCard, AuthError, AuthInput, AuthSubmit } from '../screen-kit/AuthCard';

const daysLeftText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * "Restore a removed site", reached from the sign-in screen (or `/config#restore`, the link the
 * removal hands out): a removed site's own addresses answer 404, so its owner names it here by its
 * address, with the email and password they sign in there with. The site is shown with the days
 * left before it is deleted for good; restoring sends the browser to its editor, signed in.
 */
export function RestoreSiteScreen({ onBack }: { onBack: () => void }) {
  const find = useFindRemovedSite();
  const restore = useRestoreSite();
  const id = useId();
  const [address, setAddress] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [found, setFound] = useState<RemovedSiteFound>();
  const addressError = issuesByPath(find.error).address;
  if (found) {
    return (
      <main className="ed-signin">
        <section className="ed-signin__card" aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`} className="ed-signin__title">
            Restore {found.title}?
          </h1>
          {restore.error && <AuthError>{restore.error.message}</AuthError>}
          <p>
            <strong>{found.host}</strong> was removed on {new Date(found.removedAt).toLocaleDateString()}.
          </p>
          <p className="ed-banner" role="status">
            {daysLeftText(found.daysLeft)} left: it is deleted for good after{' '}
            {new Date(found.restorableUntil).toLocaleDateString()}.
          </p>
          <p className="ed-field__hint">
            Restoring brings back its pages, products, orders and files, and its addresses answer again at
            once.
          </p>
          <button
            type="button"
            className="ed-button ed-button--primary ed-button--block"
            disabled={restore.isPending}
            onClick={() =>
              restore.mutate(
                { address, email, password },
                { onSuccess: (site) => window.location.assign(site.signInUrl) },
              )
            }
          >
            {restore.isPending ? 'Restoring…' : 'Restore site'}
          </button>
          <button
            type="button"
            className="ed-button ed-button--ghost ed-button--block"
            onClick={() => {
              restore.reset();
              setFound(undefined);
            }}
          >
            Back
          </button>
        </section>
      </main>
    );
  }
  return (
    <AuthCard
      title="Restore a removed site"
      noValidate
      onSubmit={() => find.mutate({ address, email, password }, { onSuccess: setFound })}
    >
      <p className="ed-field__hint">
        A removed site can be restored for 30 days. Sign in with the site’s owner account.
      </p>
      {find.error && !addressError && <AuthError>{find.error.message}</AuthError>}
      <AuthInput
        label="Site address"
        hint="Its name, such as myshop, or its full address."
        error={addressError}
        announceError
        autoCapitalize="none"
        spellCheck={false}
        value={address}
        onValue={setAddress}
      />
      <AuthInput
        label="Owner’s email"
        type="email"
        autoComplete="username"
        value={email}
        onValue={setEmail}
      />
      <AuthInput
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
      />
      <AuthSubmit pending={find.isPending} label="Find my site" pendingLabel="Looking for your site…" />
      <button type="button" className="ed-button ed-button--ghost ed-button--block" onClick={onBack}>
        Back to sign in
      </button>
    </AuthCard>
  );
}
