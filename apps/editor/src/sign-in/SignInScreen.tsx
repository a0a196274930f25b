import { EditorField } from '@site/ui/editor-field';
import { lazy, Suspense, useId, useState } from 'react';
import { useSignIn } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { lastHandoffProblem } from '../api/site-admin';

// Creating or restoring a site is the rarer path: loaded when chosen, not with the sign-in form.
const SignUpScreen = lazy(() => import('../sign-up/SignUpScreen').then((m) => ({ default: m.SignUpScreen })));
const RestoreSiteScreen = lazy(() =>
  import('../restore-site/RestoreSiteScreen').then((m) => ({ default: m.RestoreSiteScreen })),
);

/** Signed-out visitors to /config see this and nothing of the editor. */
export function SignInScreen({ siteTitle }: { siteTitle?: string }) {
  const signIn = useSignIn();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [creating, setCreating] = useState(false);
  // A removal links to `/config#restore` on the platform's address.
  const [restoring, setRestoring] = useState(() => window.location.hash === '#restore');
  if (creating || restoring) {
    return (
      <Suspense
        fallback={
          <p className="ed-loading" role="status">
            Loading…
          </p>
        }
      >
        {creating ? (
          <SignUpScreen onBack={() => setCreating(false)} />
        ) : (
          <RestoreSiteScreen onBack={() => setRestoring(false)} />
        )}
      </Suspense>
    );
  }
  const handoffProblem = lastHandoffProblem();
  return (
    <main className="ed-signin">
      <form
        className="ed-signin__card"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          signIn.mutate({ email, password, rememberMe });
        }}
      >
        <h1 id={`${id}-title`} className="ed-signin__title">
          Sign in to edit {siteTitle ?? 'your site'}
        </h1>
        {handoffProblem && !signIn.error && (
          <p className="ed-banner ed-banner--error" role="alert">
            {handoffProblem}
          </p>
        )}
        {signIn.error && (
          <p className="ed-banner ed-banner--error" role="alert">
            {errorMessage(signIn.error)}
          </p>
        )}
        <EditorField label="Email" required>
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
        <div className="ed-field ed-field--toggle">
          <input
            id={`${id}-remember`}
            type="checkbox"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
          />
          <label htmlFor={`${id}-remember`}>Keep me signed in for 30 days</label>
        </div>
        <button
          type="submit"
          className="ed-button ed-button--primary ed-button--block"
          disabled={signIn.isPending}
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
        <button
          type="button"
          className="ed-button ed-button--ghost ed-button--block"
          onClick={() => setCreating(true)}
        >
          Create a site
        </button>
        <button
          type="button"
          className="ed-button ed-button--ghost ed-button--block"
          onClick={() => setRestoring(true)}
        >
          Restore a removed site
        </button>
        <a className="ed-signin__back" href="/">
          ← Back to the site
        </a>
      </form>
    </main>
  );
}
