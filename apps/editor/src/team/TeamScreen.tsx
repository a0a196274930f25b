import { mayDo, teamRoleLabels, type TeamView } from '@site/page-content';
import { TeamPanel } from '@site/ui';
import { issuesByPath } from '../api/http';
import { useMe } from '../api/session';
import {
  changeRole,
  invite,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  useTeam,
  useTeamChange,
} from '../api/team';

interface Change {
  send: () => Promise<TeamView>;
  /** What the owner reads once it is done. */
  done: string;
  isInvite?: boolean;
}

/** /config/team: who works on the site, their roles, and the invitations waiting. The owner's. */
export function TeamScreen() {
  const me = useMe();
  const canManage = mayDo(me.data?.roles ?? [], 'manage-team');
  const team = useTeam(canManage);
  const change = useTeamChange((c: Change) => c.send());
  const run = (c: Change) => change.mutate(c);
  const inviteIssues = change.variables?.isInvite ? issuesByPath(change.error) : {};
  const inviteRefused =
    change.variables?.isInvite && change.error && !inviteIssues.email && !inviteIssues.role;
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Team</h1>
      </header>
      {!canManage ? (
        <p className="ed-banner" role="status">
          Only the site’s owner can see and change who works on the site.
        </p>
      ) : (
        <TeamPanel
          team={team.data}
          isLoading={team.isPending}
          loadError={team.error?.message}
          onRetry={() => void team.refetch()}
          canManage={canManage}
          isBusy={change.isPending}
          error={change.error && !change.variables?.isInvite ? change.error.message : undefined}
          inviteErrors={{
            email: inviteIssues.email ?? (inviteRefused ? change.error?.message : undefined),
            role: inviteIssues.role,
          }}
          done={change.isSuccess ? change.variables.done : undefined}
          onInvite={(input) =>
            run({
              send: () => invite(input),
              done: `Invitation sent to ${input.email} as ${teamRoleLabels[input.role].toLowerCase()}.`,
              isInvite: true,
            })
          }
          onResend={(invitation) =>
            run({
              send: () => resendInvitation(invitation.id),
              done: `A new invitation went to ${invitation.email}. The earlier link no longer works.`,
            })
          }
          onRevoke={(invitation) =>
            run({
              send: () => revokeInvitation(invitation.id),
              done: `The invitation to ${invitation.email} is revoked. Its link no longer works.`,
            })
          }
          onChangeRole={(member, role) =>
            run({
              send: () => changeRole({ memberId: member.id, role }),
              done: `${member.email} is now ${teamRoleLabels[role].toLowerCase()}.`,
            })
          }
          onRemove={(member) =>
            run({ send: () => removeMember(member.id), done: `${member.email} is no longer on the team.` })
          }
          onTransfer={(member) =>
            run({
              send: () => transferOwnership(member.id),
              done: `${member.email} now owns the site. You are an admin.`,
            })
          }
        />
      )}
    </div>
  );
}
