import { EDITOR_API, TEAM_API, teamMessages, teamPermissionLabels } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, eventually, field, mount, stubServer, type, unmount } from '../test/dom';
import { JoinScreen, joinMessages as m } from './JoinScreen';

// The router's navigate: the screen lands in the editor once accepted.
const navigated: unknown[] = [];
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => (to: unknown) => navigated.push(to) }));

afterEach(async () => {
  await unmount();
  navigated.length = 0;
  window.history.replaceState(null, '', '/');
});

const at = (search: string) => window.history.replaceState(null, '', `/config/join${search}`);

describe('the join page', () => {
  it('shows the site and the role, takes a new password, accepts and lands in the editor', async () => {
    at('?token=secret-1');
    const calls = stubServer(({ url, body }) => {
      if (url === TEAM_API.preview)
        return {
          status: 200,
          body: { siteTitle: 'Fieldnotes', email: 'sam@example.com', role: 'editor', hasAccount: false },
        };
      if (url === TEAM_API.accept)
        return (body as { password: string }).password === 'short'
          ? {
              status: 400,
              body: {
                error: {
                  code: 'INVALID_FIELDS',
                  message: 'Too short.',
                  fieldErrors: { password: 'Too short.' },
                },
              },
            }
          : { status: 200, body: { xsrfToken: 'x' } };
      if (url === EDITOR_API.me)
        return { status: 401, body: { error: { code: 'NOT_SIGNED_IN', message: '' } } };
      return undefined;
    });
    const host = await mount(<JoinScreen />);
    await eventually(() => expect(host.textContent).toContain(m.title('Fieldnotes')));
    expect(calls.find((c) => c.url === TEAM_API.preview)?.body).toEqual({ token: 'secret-1' });
    expect(host.textContent).toContain(m.invited('editor'));
    expect(host.textContent).toContain(teamPermissionLabels['edit-content']);
    expect(host.textContent).not.toContain(teamPermissionLabels['move-money']);
    expect(field(host, 'Email').value).toBe('sam@example.com');
    await type(field(host, m.newPassword), 'short');
    await click(button(host, m.join)!);
    await eventually(() => expect(host.textContent).toContain('Too short.'));
    expect(field(host, m.newPassword).getAttribute('aria-invalid')).toBe('true');
    await type(field(host, m.newPassword), 'a long new password');
    await click(button(host, m.join)!);
    await eventually(() => expect(navigated).toEqual([{ to: '/pages', replace: true }]));
    expect(calls.filter((c) => c.url === TEAM_API.accept).at(-1)?.body).toEqual({
      token: 'secret-1',
      password: 'a long new password',
    });
  });

  it('an existing account is asked for its own password', async () => {
    at('?token=t');
    stubServer(({ url }) =>
      url === TEAM_API.preview
        ? { status: 200, body: { siteTitle: 'S', email: 'a@b.co', role: 'viewer', hasAccount: true } }
        : undefined,
    );
    const host = await mount(<JoinScreen />);
    await eventually(() => expect(host.textContent).toContain(m.existing));
    expect(field(host, m.password).getAttribute('autocomplete')).toBe('current-password');
  });

  it.each([
    ['used', 410, teamMessages.tokenUsed],
    ['expired', 410, teamMessages.tokenExpired],
    ['unknown', 400, teamMessages.tokenInvalid],
  ])('a %s link says so and offers no form', async (_, status, message) => {
    at('?token=t');
    stubServer(({ url }) =>
      url === TEAM_API.preview ? { status, body: { error: { code: 'X', message } } } : undefined,
    );
    const host = await mount(<JoinScreen />);
    await eventually(() => expect(host.querySelector('[role="alert"]')?.textContent).toBe(message));
    expect(host.querySelector('input')).toBeNull();
  });

  it('a link without its token says so without asking the server', async () => {
    at('');
    const calls = stubServer(() => undefined);
    const host = await mount(<JoinScreen />);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(m.noToken);
    expect(calls.some((c) => c.url === TEAM_API.preview)).toBe(false);
  });
});
