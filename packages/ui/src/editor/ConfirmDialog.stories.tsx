import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Editor/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    isOpen: true,
    title: 'Delete “About”?',
    children: 'The page and its revision history are removed. This cannot be undone.',
    actions: [
      { label: 'Cancel', onPress: fn() },
      { label: 'Delete', onPress: fn(), variant: 'danger' },
    ],
    onDismiss: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Destructive: Story = {};
export const DisabledAction: Story = {
  args: {
    actions: [
      { label: 'Cancel', onPress: fn() },
      { label: 'Deleting…', onPress: fn(), variant: 'danger', isDisabled: true },
    ],
  },
};
export const RequiresChoice: Story = { args: { onDismiss: undefined, title: 'Publish this page?' } };
