import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SaveStatus } from './SaveStatus';

const meta = {
  title: 'Editor/SaveStatus',
  component: SaveStatus,
  args: { state: { kind: 'saved' } },
} satisfies Meta<typeof SaveStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {};
export const Dirty: Story = { args: { state: { kind: 'dirty' } } };
export const Saving: Story = { args: { state: { kind: 'saving' } } };
export const Failed: Story = { args: { state: { kind: 'failed', message: 'Network error' }, onRetry: fn() } };
