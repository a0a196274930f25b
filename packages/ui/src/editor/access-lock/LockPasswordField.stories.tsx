import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '@site/page-content';
import { LockPasswordField } from './LockPasswordField';

const meta = {
  title: 'Editor/LockPasswordField',
  component: LockPasswordField,
  args: { what: 'page', locked: false, on: false, onToggle: fn(), password: '', onPassword: fn() },
} satisfies Meta<typeof LockPasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const NewPassword: Story = { args: { on: true, password: 'open-sesame' } };
export const PasswordSet: Story = { args: { locked: true, on: true } };
export const Loading: Story = { args: { disabled: true } };
export const WithError: Story = { args: { on: true, password: 'abc', error: messages.lockPasswordLength } };
export const Disabled: Story = { args: { locked: true, on: true, disabled: true } };
