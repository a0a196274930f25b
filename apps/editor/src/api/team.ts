import { TEAM_API, type InvitableRole, type TeamView } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';
import { sessionKeys } from './session';

export const teamKeys = { team: ['team'] as const };
const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/** The members and the invitations still waiting. Only the owner may read it (manage-team). */
export function useTeam(enabled = true) {
  return useQuery({
    queryKey: teamKeys.team,
    queryFn: () => api<TeamView>('GET', TEAM_API.team),
    enabled,
  });
}

/** Every team change answers the whole team: the screen shows what the server now holds. */
export function useTeamChange<T>(send: (input: T) => Promise<TeamView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (team) => {
      client.setQueryData(teamKeys.team, team);
      // A hand-over changes the caller's own role, and with it what the editor shows them.
      if (!team.members.some((m) => m.isYou && m.role === 'owner'))
        void client.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}

export const invite = (input: { email: string; role: InvitableRole }) =>
  api<TeamView>('POST', TEAM_API.invitations, { body: input });

/** A new link in a new email: the old invitation goes (its link stops working), a fresh one is sent. */
export const resendInvitation = async (input: { id: string; email: string; role: InvitableRole }) => {
  await api<TeamView>('DELETE', path(TEAM_API.invitation, input.id));
  return invite({ email: input.email, role: input.role });
};

export const revokeInvitation = (id: string) => api<TeamView>('DELETE', path(TEAM_API.invitation, id));

export const changeRole = (input: { memberId: string; role: InvitableRole }) =>
  api<TeamView>('PUT', path(TEAM_API.memberRole, input.memberId), { body: { role: input.role } });

export const removeMember = (memberId: string) => api<TeamView>('DELETE', path(TEAM_API.member, memberId));

export const transferOwnership = (memberId: string) =>
  api<TeamView>('POST', TEAM_API.transfer, { body: { memberId } });
