import type { RemovedSiteFound } from '@site/page-content';
import { EditorField } from '@site/ui/editor-field';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useFindRemovedSite, useRestoreSite } from '../api/site-admin';

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
          {restore.error && (
            <p className="ed-banner ed-banner--error" role="alert">
              {restore.error.message}
            </p>
          )}
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
    <main className="ed-signin">
      <form
        className="ed-signin__card"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          find.mutate({ address, email, password }, { onSuccess: setFound });
        }}
      >
        <h1 id={`${id}-title`} className="ed-signin__title">
          Restore a removed site
        </h1>
        <p className="ed-field__hint">
          A removed site can be restored for 30 days. Sign in with the site’s owner account.
        </p>
        {find.error && !addressError && (
          <p className="ed-banner ed-banner--error" role="alert">
            {find.error.message}
          </p>
        )}
        <EditorField
          label="Site address"
          required
          hint="Its name, such as myshop, or its full address."
          error={addressError}
          announceError
        >
          {(control) => (
            <input
              {...control}
              className="ed-input"
              autoCapitalize="none"
              spellCheck={false}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          )}
        </EditorField>
        <EditorField label="Owner’s email" required>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </EditorField>
        <EditorField label="Password" required>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </EditorField>
        <button
          type="submit"
          className="ed-button ed-button--primary ed-button--block"
          disabled={find.isPending}
        >
          {find.isPending ? 'Looking for your site…' : 'Find my site'}
        </button>
        <button type="button" className="ed-button ed-button--ghost ed-button--block" onClick={onBack}>
          Back to sign in
        </button>
      </form>
    </main>
  );
}
