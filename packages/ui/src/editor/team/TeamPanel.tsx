import {
  INVITABLE_ROLES,
  TEAM_ROLE_RIGHTS,
  teamEmailSchema,
  teamPermissionLabels,
  teamRoleLabels,
  type InvitableRole,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
  type TeamView,
} from '@site/page-content';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { ActionNotice } from '../ActionNotice';
import { EditorField } from '../field/EditorField';
import { ListStates } from '../ListStates';

export const teamPanelMessages = {
  people: 'People',
  peopleIntro: 'Everyone who can open this editor, and what their role lets them do.',
  loading: 'Loading the team…',
  you: '(you)',
  role: 'Role',
  roleFor: (email: string) => `Role for ${email}`,
  remove: 'Remove',
  makeOwner: 'Make owner',
  readOnly: 'Only the site’s owner can invite people or change roles.',
  invite: 'Invite someone',
  inviteIntro: 'They get an email with a link to join. The link works once, for 7 days.',
  email: 'Email',
  send: 'Send invitation',
  sending: 'Sending…',
  waiting: 'Invitations waiting',
  noneWaiting: 'No invitations are waiting for an answer.',
  expires: (date: string) => `Link works until ${date}`,
  resend: 'Send again',
  revoke: 'Revoke',
  removeTitle: (email: string) => `Remove ${email} from the team?`,
  removeBody:
    'They can no longer open this editor, and anyone signed in as them is signed out at once. You can invite them again later.',
  transferTitle: (email: string) => `Make ${email} the owner?`,
  transferBody:
    'They become the site’s owner, with every right, including this Team screen. You become an admin: you keep editing and settings, but can no longer invite people, change roles or undo this.',
  cancel: 'Cancel',
} as const;

export interface TeamPanelProps {
  /** The members and waiting invitations; undefined while they load. */
  team?: TeamView;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  /** Whether the person looking may invite, change roles and hand over (the manage-team right). */
  canManage: boolean;
  /** A change is on its way: the controls wait for it. */
  isBusy?: boolean;
  /** The server refused the last change, in its words. */
  error?: string;
  /** The server's word about the invitation's email or role. */
  inviteErrors?: { email?: string; role?: string };
  /** What the last change did. */
  done?: string;
  onInvite: (input: { email: string; role: InvitableRole }) => void;
  onResend: (invitation: TeamInvitation) => void;
  onRevoke: (invitation: TeamInvitation) => void;
  onChangeRole: (member: TeamMember, role: InvitableRole) => void;
  onRemove: (member: TeamMember) => void;
  onTransfer: (member: TeamMember) => void;
}

const rightsOf = (role: TeamRole) => TEAM_ROLE_RIGHTS[role].map((p) => teamPermissionLabels[p]).join(' · ');
const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * The Team screen's content: who is on the team with their role, the invitation form and the
 * invitations still waiting. Removing someone and handing the site over ask first. Without the
 * manage-team right the list is read-only and the form is not shown.
 */
export function TeamPanel({
  team,
  isLoading,
  loadError,
  onRetry,
  canManage,
  isBusy,
  error,
  inviteErrors,
  done,
  onInvite,
  onResend,
  onRevoke,
  onChangeRole,
  onRemove,
  onTransfer,
}: TeamPanelProps) {
  const id = useId();
  const [confirm, setConfirm] = useState<{ kind: 'remove' | 'transfer'; member: TeamMember }>();
  const m = teamPanelMessages;
  return (
    <div className="ed-team">
      <section className="ed-team__section" aria-labelledby={`${id}-people`}>
        <h2 id={`${id}-people`}>{m.people}</h2>
        <p className="ed-field__hint">{canManage ? m.peopleIntro : m.readOnly}</p>
        <ListStates
          items={team?.members}
          isLoading={isLoading}
          loadingText={m.loading}
          loadError={loadError}
          onRetry={onRetry}
        >
          {(members) => (
            <ul className="ed-team__list">
              {members.map((member) => (
                <li key={member.id} className="ed-team__row">
                  <div className="ed-team__who">
                    <span className="ed-team__email">
                      {member.email} {member.isYou && <span className="ed-muted">{m.you}</span>}
                    </span>
                    <span className="ed-field__hint">{rightsOf(member.role)}</span>
                  </div>
                  {canManage && !member.isYou && member.role !== 'owner' ? (
                    <div className="ed-team__actions">
                      <select
                        className="ed-mini-select"
                        aria-label={m.roleFor(member.email)}
                        value={member.role}
                        disabled={isBusy}
                        onChange={(e) => onChangeRole(member, e.currentTarget.value as InvitableRole)}
                      >
                        {INVITABLE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {teamRoleLabels[role]}
                          </option>
                        ))}
                      </select>
                      <button
                        type="button"
                        className="ed-button ed-button--ghost"
                        disabled={isBusy}
                        aria-label={`${m.makeOwner}: ${member.email}`}
                        onClick={() => setConfirm({ kind: 'transfer', member })}
                      >
                        {m.makeOwner}
                      </button>
                      <button
                        type="button"
                        className="ed-button ed-button--danger"
                        disabled={isBusy}
                        aria-label={`${m.remove} ${member.email}`}
                        onClick={() => setConfirm({ kind: 'remove', member })}
                      >
                        {m.remove}
                      </button>
                    </div>
                  ) : (
                    <span className="ed-badge">{teamRoleLabels[member.role]}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </ListStates>
        {error && (
          <p className="ed-field__error" role="alert">
            {error}
          </p>
        )}
        <ActionNotice message={done} />
      </section>
      {canManage && team && (
        <>
          <InviteForm onInvite={onInvite} isBusy={isBusy} errors={inviteErrors} />
          <section className="ed-team__section" aria-labelledby={`${id}-waiting`}>
            <h2 id={`${id}-waiting`}>{m.waiting}</h2>
            {team.invitations.length === 0 ? (
              <p className="ed-muted">{m.noneWaiting}</p>
            ) : (
              <ul className="ed-team__list">
                {team.invitations.map((invitation) => (
                  <li key={invitation.id} className="ed-team__row">
                    <div className="ed-team__who">
                      <span className="ed-team__email">
                        {invitation.email} · {teamRoleLabels[invitation.role]}
                      </span>
                      <span className="ed-field__hint">{m.expires(day(invitation.expiresAt))}</span>
                    </div>
                    <div className="ed-team__actions">
                      <button
                        type="button"
                        className="ed-button ed-button--ghost"
                        disabled={isBusy}
                        aria-label={`${m.resend}: ${invitation.email}`}
                        onClick={() => onResend(invitation)}
                      >
                        {m.resend}
                      </button>
                      <button
                        type="button"
                        className="ed-button ed-button--ghost"
                        disabled={isBusy}
                        aria-label={`${m.revoke}: ${invitation.email}`}
                        onClick={() => onRevoke(invitation)}
                      >
                        {m.revoke}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <ConfirmDialog
        isOpen={Boolean(confirm)}
        title={
          confirm?.kind === 'transfer'
            ? m.transferTitle(confirm.member.email)
            : m.removeTitle(confirm?.member.email ?? '')
        }
        onDismiss={() => setConfirm(undefined)}
        actions={[
          { label: m.cancel, onPress: () => setConfirm(undefined) },
          confirm?.kind === 'transfer'
            ? {
                label: m.makeOwner,
                variant: 'primary',
                onPress: () => {
                  onTransfer(confirm.member);
                  setConfirm(undefined);
                },
              }
            : {
                label: m.remove,
                variant: 'danger',
                onPress: () => {
                  if (confirm) onRemove(confirm.member);
                  setConfirm(undefined);
                },
              },
        ]}
      >
        <p>{confirm?.kind === 'transfer' ? m.transferBody : m.removeBody}</p>
      </ConfirmDialog>
    </div>
  );
}

/** Email and role; the address is checked here with the server's own rule before it is sent. */
function InviteForm({
  onInvite,
  isBusy,
  errors,
}: {
  onInvite: TeamPanelProps['onInvite'];
  isBusy?: boolean;
  errors?: TeamPanelProps['inviteErrors'];
}) {
  const id = useId();
  const m = teamPanelMessages;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [emailProblem, setEmailProblem] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = teamEmailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailProblem(parsed.error.issues[0]?.message);
      return;
    }
    setEmailProblem(undefined);
    onInvite({ email: parsed.data, role });
  };
  return (
    <form
      className="ed-team__section ed-team__invite"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={submit}
    >
      <h2 id={`${id}-title`}>{m.invite}</h2>
      <p className="ed-field__hint">{m.inviteIntro}</p>
      <div className="ed-team__invite-fields">
        <EditorField label={m.email} error={emailProblem ?? errors?.email} announceError>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="email"
              autoComplete="off"
              value={email}
              disabled={isBusy}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailProblem(undefined);
              }}
            />
          )}
        </EditorField>
        <EditorField label={m.role} hint={rightsOf(role)} error={errors?.role}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={role}
              disabled={isBusy}
              onChange={(e) => setRole(e.currentTarget.value as InvitableRole)}
            >
              {INVITABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {teamRoleLabels[r]}
                </option>
              ))}
            </select>
          )}
        </EditorField>
      </div>
      <div className="ed-field__row">
        <button type="submit" className="ed-button ed-button--primary" disabled={isBusy}>
          {isBusy ? m.sending : m.send}
        </button>
      </div>
    </form>
  );
}
