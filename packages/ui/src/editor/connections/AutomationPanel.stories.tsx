import type { Meta, StoryObj } from '@storybook/react-vite';
import { AutomationPanel } from './AutomationPanel';

const meta = {
  title: 'Editor/Connections/AutomationPanel',
  component: AutomationPanel,
  args: { connectedCount: 0, manageHref: '/config/automations' },
} satisfies Meta<typeof AutomationPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AwaitingConnection: Story = {};
export const OneZap: Story = { args: { connectedCount: 1 } };
export const SeveralZaps: Story = { args: { connectedCount: 3 } };
export const Loading: Story = { args: { isLoading: true } };
export const LoadFailed: Story = { args: { error: 'Unable to load the webhooks. Try again.' } };
