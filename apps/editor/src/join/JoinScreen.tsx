import { TEAM_ROLE_RIGHTS, teamPermissionLabels, teamRoleLabels } from '@site/page-content';
import { EditorField } from '@site/ui';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useAcceptInvitation, useInvitationPreview } from '../api/team';
import { errorMessage } from '../screen-kit/save-state';

export const joinMessages = {
  loading: 'Opening your invitation…',
  noToken:
    'This invitation link is incomplete. Open the link from the email again, or ask the site’s owner for a new one.',
  title: (site: string) => `Join ${site}`,
  invited: (role: string) => `You are invited to help run this site as ${role}. You will be able to:`,
  existing: 'This email already has an account on this site. Enter its password to join.',
  choose: 'Choose a password for your new account.',
  password: 'Password',
  newPassword: 'New password',
  passwordHint: 'At least 10 characters. A few words you will remember work well.',
  join: 'Join the team',
  joining: 'Joining…',
  toSignIn: 'Go to sign in',
} as const;

/**
 * /config/join?token=…, the page the team-invitation email links to: the site and the role, then
 * a new password (or the existing account's) to accept; the invitee lands in the editor signed in.
 */
export function JoinScreen() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const id = useId();
  const [password, setPassword] = useState('');
  const m = joinMessages;
  const refusal = !token ? m.noToken : preview.error ? errorMessage(preview.error) : undefined;
  if (refusal)
    return (
      <main className="ed-signin">
        <div className="ed-signin__card">
          <h1 className="ed-signin__title">Invitation</h1>
          <p className="ed-banner ed-banner--error" role="alert">
            {refusal}
          </p>
          <a className="ed-button ed-button--ghost" href="/config/pages">
            {m.toSignIn}
          </a>
        </div>
      </main>
    );
  if (!preview.data)
    return (
      <p className="ed-loading" role="status">
        {m.loading}
      </p>
    );
  const invitation = preview.data;
  const passwordError = issuesByPath(accept.error).password;
  return (
    <main className="ed-signin">
      <form
        className="ed-signin__card"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          accept.mutate(
            { token, password },
            { onSuccess: () => void navigate({ to: '/pages', replace: true }) },
          );
        }}
      >
        <h1 id={`${id}-title`} className="ed-signin__title">
          {m.title(invitation.siteTitle)}
        </h1>
        <p>{m.invited(teamRoleLabels[invitation.role].toLowerCase())}</p>
        <ul className="ed-join__rights">
          {TEAM_ROLE_RIGHTS[invitation.role].map((right) => (
            <li key={right}>{teamPermissionLabels[right]}</li>
          ))}
        </ul>
        <p>{invitation.hasAccount ? m.existing : m.choose}</p>
        {accept.error && !passwordError && (
          <p className="ed-banner ed-banner--error" role="alert">
            {errorMessage(accept.error)}
          </p>
        )}
        <EditorField label="Email">
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="email"
              value={invitation.email}
              readOnly
              autoComplete="username"
            />
          )}
        </EditorField>
        <EditorField
          label={invitation.hasAccount ? m.password : m.newPassword}
          hint={invitation.hasAccount ? undefined : m.passwordHint}
          error={passwordError}
          announceError
          required
        >
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="password"
              autoComplete={invitation.hasAccount ? 'current-password' : 'new-password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </EditorField>
        <button
          type="submit"
          className="ed-button ed-button--primary"
          disabled={accept.isPending || password.length === 0}
        >
          {accept.isPending ? m.joining : m.join}
        </button>
      </form>
    </main>
  );
}
