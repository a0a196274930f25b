import { teamMessages, type TeamView } from '@site/page-content';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TeamPanel, teamPanelMessages as m } from './TeamPanel';

afterEach(cleanup);

const team: TeamView = {
  members: [
    { id: 'm1', email: 'owner@demo.test', role: 'owner', isYou: true },
    { id: 'm2', email: 'sam@example.com', role: 'editor', isYou: false },
  ],
  invitations: [{ id: 'i1', email: 'alex@example.com', role: 'viewer', expiresAt: '2026-12-06T10:00:00Z' }],
};
const handlers = () => ({
  onInvite: vi.fn(),
  onResend: vi.fn(),
  onRevoke: vi.fn(),
  onChangeRole: vi.fn(),
  onRemove: vi.fn(),
  onTransfer: vi.fn(),
});

describe('TeamPanel', () => {
  it('the owner changes a role, resends and revokes an invitation; passes axe', async () => {
    const h = handlers();
    const { container } = render(<TeamPanel team={team} canManage {...h} />);
    await expectNoAxeViolations(container);
    // The owner's own row has no controls: one owner, changed only by a hand-over.
    expect(screen.queryByLabelText(m.roleFor('owner@demo.test'))).toBeNull();
    fireEvent.change(screen.getByLabelText(m.roleFor('sam@example.com')), { target: { value: 'viewer' } });
    expect(h.onChangeRole).toHaveBeenCalledWith(team.members[1], 'viewer');
    fireEvent.click(screen.getByRole('button', { name: `${m.resend}: alex@example.com` }));
    expect(h.onResend).toHaveBeenCalledWith(team.invitations[0]);
    fireEvent.click(screen.getByRole('button', { name: `${m.revoke}: alex@example.com` }));
    expect(h.onRevoke).toHaveBeenCalledWith(team.invitations[0]);
  });

  it('invites only a well-formed address, with the chosen role', () => {
    const h = handlers();
    render(<TeamPanel team={team} canManage {...h} />);
    const email = screen.getByLabelText(m.email);
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: m.send }));
    expect(screen.getByRole('alert').textContent).toBe(teamMessages.emailInvalid);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(h.onInvite).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: '  Alex@Example.COM ' } });
    fireEvent.change(screen.getByLabelText(m.role), { target: { value: 'store-manager' } });
    fireEvent.click(screen.getByRole('button', { name: m.send }));
    expect(h.onInvite).toHaveBeenCalledWith({ email: 'alex@example.com', role: 'store-manager' });
  });

  it('removing and handing over ask first; Cancel does nothing', () => {
    const h = handlers();
    render(<TeamPanel team={team} canManage {...h} />);
    fireEvent.click(screen.getByRole('button', { name: `${m.remove} sam@example.com` }));
    let dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(m.removeTitle('sam@example.com'))).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: m.cancel }));
    expect(h.onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: `${m.remove} sam@example.com` }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: m.remove }));
    expect(h.onRemove).toHaveBeenCalledWith(team.members[1]);
    fireEvent.click(screen.getByRole('button', { name: `${m.makeOwner}: sam@example.com` }));
    dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(m.transferTitle('sam@example.com'))).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: m.makeOwner }));
    expect(h.onTransfer).toHaveBeenCalledWith(team.members[1]);
  });

  it('read-only: roles shown, no controls, no invitation form', async () => {
    const { container } = render(<TeamPanel team={team} canManage={false} {...handlers()} />);
    expect(screen.getByText(m.readOnly)).toBeDefined();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(m.invite)).toBeNull();
    expect(screen.getByText('Editor')).toBeDefined();
    await expectNoAxeViolations(container);
  });

  it.each([
    ['loading', { isLoading: true }, m.loading],
    ['failed', { loadError: 'Unable to connect. Please try again' }, 'Unable to connect. Please try again'],
  ])('%s: says so, lists nobody, passes axe', async (_, props, text) => {
    const { container } = render(<TeamPanel canManage onRetry={vi.fn()} {...props} {...handlers()} />);
    expect(screen.getByText(text, { exact: false })).toBeDefined();
    expect(screen.queryByRole('listitem')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('busy: every control waits; an empty waiting list says so', () => {
    render(<TeamPanel team={{ ...team, invitations: [] }} canManage isBusy {...handlers()} />);
    expect(screen.getByText(m.noneWaiting)).toBeDefined();
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
  });
});
