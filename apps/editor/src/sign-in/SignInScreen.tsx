import { lazy, Suspense, useId, useState } from 'react';
import { useSignIn } from '../api/session';
import { AuthCard, AuthError, AuthInput, AuthSubmit } from '../screen-kit/AuthCard';
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
    <AuthCard
      title={`Sign in to edit ${siteTitle ?? 'your site'}`}
      onSubmit={() => signIn.mutate({ email, password, rememberMe })}
    >
      {handoffProblem && !signIn.error && <AuthError>{handoffProblem}</AuthError>}
      {signIn.error && <AuthError>{errorMessage(signIn.error)}</AuthError>}
      <AuthInput label="Email" type="email" autoComplete="username" value={email} onValue={setEmail} />
      <AuthInput
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
      />
      <div className="ed-field ed-field--toggle">
        <input
          id={`${id}-remember`}
          type="checkbox"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <label htmlFor={`${id}-remember`}>Keep me signed in for 30 days</label>
      </div>
      <AuthSubmit pending={signIn.isPending} label="Sign in" pendingLabel="Signing in…" />
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
    </AuthCard>
  );
}
