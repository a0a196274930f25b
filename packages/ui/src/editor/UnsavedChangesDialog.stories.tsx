import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const meta = {
  title: 'Editor/UnsavedChangesDialog',
  component: UnsavedChangesDialog,
  args: { isOpen: true, changeCount: 3, onSave: fn(), onDiscard: fn(), onReview: fn() },
} satisfies Meta<typeof UnsavedChangesDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const OneChange: Story = { args: { changeCount: 1 } };
export const Saving: Story = { args: { isSaving: true } };
