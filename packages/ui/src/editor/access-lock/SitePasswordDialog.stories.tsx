import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SitePasswordDialog } from './SitePasswordDialog';

const meta = {
  title: 'Editor/SitePasswordDialog',
  component: SitePasswordDialog,
  args: { locked: false, onSave: fn(), onClose: fn() },
} satisfies Meta<typeof SitePasswordDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const PasswordSet: Story = { args: { locked: true } };
export const Loading: Story = { args: { locked: undefined } };
export const LoadError: Story = {
  args: { locked: undefined, loadError: 'The site password could not be loaded. Try again.' },
};
export const SaveError: Story = {
  args: { locked: true, saveError: 'Not saved: the connection dropped. Try again.' },
};
export const Saving: Story = { args: { locked: true, saving: true } };
