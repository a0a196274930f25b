import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AreaMembersList } from './AreaMembersList';

const members = [
  {
    memberId: 'm3',
    email: 'ada.lovelace.with.a.long.address@example.com',
    joinedAt: '2026-11-20T09:30:00.000Z',
  },
  { memberId: 'm2', email: 'bo@example.com', joinedAt: '2026-10-02T17:05:00.000Z' },
  { memberId: 'm1', email: 'cy@example.com', joinedAt: '2026-03-14T08:00:00.000Z' },
];

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
