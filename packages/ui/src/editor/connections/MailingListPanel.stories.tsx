import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MailingListPanel } from './MailingListPanel';

const lists = [
  { id: 'l1', name: 'Workshop news' },
  { id: 'l2', name: 'Wholesale' },
];

const meta = {
  title: 'Editor/Connections/MailingListPanel',
  component: MailingListPanel,
  args: {
    lists,
    listId: '',
    doubleOptIn: true,
    onConnect: fn(),
    onDisconnect: fn(),
    onDoubleOptInChange: fn(),
    manageHref: '/config/mailing-lists',
  },
} satisfies Meta<typeof MailingListPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Disconnected: Story = {};
export const Connected: Story = { args: { listId: 'l1' } };
export const NoLists: Story = { args: { lists: [] } };
export const ReadOnly: Story = { args: { listId: 'l1', isReadOnly: true } };
export const Loading: Story = { args: { lists: [], isLoading: true } };
export const LoadFailed: Story = {
  args: { lists: [], loadError: 'Unable to load the mailing lists. Try again.' },
};
