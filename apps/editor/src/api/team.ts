import { TEAM_API, type InvitableRole, type TeamInvitationPreview, type TeamView } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, setXsrfToken } from './http';
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

/** A new link in a new email, in one server step: the old link stops working as the new one is sent. */
export const resendInvitation = (id: string) => api<TeamView>('POST', path(TEAM_API.resend, id));

export const revokeInvitation = (id: string) => api<TeamView>('DELETE', path(TEAM_API.invitation, id));

export const changeRole = (input: { memberId: string; role: InvitableRole }) =>
  api<TeamView>('PUT', path(TEAM_API.memberRole, input.memberId), { body: { role: input.role } });

export const removeMember = (memberId: string) => api<TeamView>('DELETE', path(TEAM_API.member, memberId));

export const transferOwnership = (memberId: string) =>
  api<TeamView>('POST', TEAM_API.transfer, { body: { memberId } });

/** The join page's look at an emailed link, before the invitee answers. No session needed. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () => api<TeamInvitationPreview>('POST', TEAM_API.preview, { body: { token } }),
    enabled: token.length > 0,
    // A refused link stays refused.
    retry: false,
  });
}

/** Spends the link: the invitee is signed in as the member it made or joined. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ xsrfToken: string }>('POST', TEAM_API.accept, { body: input }),
    onSuccess: async ({ xsrfToken }) => {
      setXsrfToken(xsrfToken);
      // Whatever was read as someone else (or as nobody) goes with the old identity.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.me[0] });
      await client.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
