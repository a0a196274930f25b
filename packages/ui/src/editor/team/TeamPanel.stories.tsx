import type { TeamView } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TeamPanel } from './TeamPanel';

const team: TeamView = {
  members: [
    { id: 'm1', email: 'owner@demo.test', role: 'owner', isYou: true },
    { id: 'm2', email: 'sam@example.com', role: 'editor', isYou: false },
    { id: 'm3', email: 'robin.longer-name@shop.example.com', role: 'store-manager', isYou: false },
  ],
  invitations: [{ id: 'i1', email: 'alex@example.com', role: 'viewer', expiresAt: '2026-12-06T10:00:00Z' }],
};

const meta = {
  title: 'Editor/Team/TeamPanel',
  component: TeamPanel,
  args: {
    team,
    canManage: true,
    onRetry: fn(),
    onInvite: fn(),
    onResend: fn(),
    onRevoke: fn(),
    onChangeRole: fn(),
    onRemove: fn(),
    onTransfer: fn(),
  },
} satisfies Meta<typeof TeamPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {};
export const OnlyYou: Story = {
  args: { team: { members: [team.members[0]!], invitations: [] } },
};
export const ReadOnly: Story = {
  args: {
    canManage: false,
    team: { ...team, members: team.members.map((x) => ({ ...x, isYou: x.id === 'm2' })) },
  },
};
export const Loading: Story = { args: { team: undefined, isLoading: true } };
export const LoadFailed: Story = {
  args: { team: undefined, loadError: 'Unable to connect. Please try again' },
};
export const Busy: Story = { args: { isBusy: true } };
export const Refused: Story = {
  args: {
    error: 'This person is already on the team. Change their role instead.',
    inviteErrors: { email: 'This person is already on the team. Change their role instead.' },
  },
};
export const Done: Story = { args: { done: 'Invitation sent to alex@example.com.' } };
