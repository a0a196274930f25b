import { EDITOR_API, TEAM_API, teamMessages, type TeamView } from '@site/page-content';
import { teamPanelMessages as m } from '@site/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, field, me, mount, stubServer, type, unmount } from '../test/dom';
import { TeamScreen } from './TeamScreen';

afterEach(unmount);

const team: TeamView = {
  members: [
    { id: 'm', email: 'o@example.com', role: 'owner', isYou: true },
    { id: 'm2', email: 'sam@example.com', role: 'editor', isYou: false },
  ],
  invitations: [{ id: 'inv1', email: 'alex@example.com', role: 'viewer', expiresAt: '2026-12-06T10:00:00Z' }],
};

describe('the Team screen', () => {
  it('the owner invites; a refusal shows under the email; Send again is one call', async () => {
    let invited = 0;
    const calls = stubServer(({ method, url }) => {
      if (url === EDITOR_API.me) return me(true);
      if (url === TEAM_API.team) return { status: 200, body: team };
      if (method === 'POST' && url === TEAM_API.invitations) {
        invited += 1;
        return invited === 1
          ? { status: 409, body: { error: { code: 'ALREADY_MEMBER', message: teamMessages.alreadyMember } } }
          : { status: 201, body: team };
      }
      if (method === 'POST' && url === '/api/editor/team/invitations/inv1/resend')
        return { status: 200, body: team };
      return undefined;
    });
    const host = await mount(<TeamScreen />);
    await eventually(() => expect(host.textContent).toContain('sam@example.com'));
    await type(field(host, m.email), 'sam@example.com');
    await click(button(host, m.send)!);
    await eventually(() => expect(host.textContent).toContain(teamMessages.alreadyMember));
    expect(field(host, m.email).getAttribute('aria-invalid')).toBe('true');
    await click(host.querySelector<HTMLButtonElement>(`[aria-label="${m.resend}: alex@example.com"]`)!);
    await eventually(() => expect(host.textContent).toContain('A new invitation went to alex@example.com'));
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(writes).toEqual([`POST ${TEAM_API.invitations}`, 'POST /api/editor/team/invitations/inv1/resend']);
  });

  it('someone without the manage-team right is told so, and the team is not asked for', async () => {
    const calls = stubServer(({ url }) => (url === EDITOR_API.me ? me(false) : undefined));
    const host = await mount(<TeamScreen />);
    await eventually(() => expect(host.textContent).toContain('Only the site’s owner can see'));
    expect(calls.some((c) => c.url === TEAM_API.team)).toBe(false);
  });
});
