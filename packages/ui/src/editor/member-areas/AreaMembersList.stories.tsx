import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AreaMembersList } from './AreaMembersList';

const members = [
  {
    memberId: 'm3',
    email: 'ada.lovelace.with.a.long.address@example.com',
    joinedAt: '2026-11-20T09:30:00.000Z',
    state: 'paying',
  },
  { memberId: 'm2', email: 'bo@example.com', joinedAt: '2026-10-02T17:05:00.000Z', state: 'lapsed' },
  { memberId: 'm1', email: 'cy@example.com', joinedAt: '2026-03-14T08:00:00.000Z', state: 'free' },
] as const;

const meta = {
  title: 'Editor/Member areas/AreaMembersList',
  component: AreaMembersList,
  args: { areaName: 'Makers club', members, onRemove: fn() },
} satisfies Meta<typeof AreaMembersList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Members: Story = {};
export const More: Story = { args: { hasMore: true, onLoadMore: fn() } };
export const LoadingMore: Story = { args: { hasMore: true, isLoadingMore: true, onLoadMore: fn() } };
export const Empty: Story = { args: { members: [] } };
export const Loading: Story = { args: { members: [], isLoading: true } };
export const LoadError: Story = {
  args: { members: [], loadError: 'Unable to load the members.', onRetry: fn() },
};
export const Removing: Story = { args: { removingId: 'm2' } };
export const RemoveRefused: Story = { args: { error: 'This person is no longer a member of this area.' } };
export const ReadOnly: Story = { args: { onRemove: undefined } };
/** A paid area: each member reads Paying, Lapsed or Free, and the owner can show one kind. */
export const PaidArea: Story = { args: { isPaid: true, onStateChange: fn() } };
export const PaidFilteredLapsed: Story = {
  args: { isPaid: true, state: 'lapsed', members: [members[1]], onStateChange: fn() },
};
export const PaidFilteredEmpty: Story = {
  args: { isPaid: true, state: 'paying', members: [], onStateChange: fn() },
};
export const PaidFilterLoading: Story = {
  args: { isPaid: true, state: 'free', members: [], isLoading: true, onStateChange: fn() },
};
