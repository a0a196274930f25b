import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from './EmptyState';
import { ErrorFallback } from './ErrorFallback';

const meta = {
  title: 'Editor/EmptyState',
  component: EmptyState,
  args: {
    title: 'This page has no blocks yet',
    children: 'Add a heading, text or an image to start.',
    action: <button className="ed-button ed-button--primary">Add block</button>,
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {};
export const TitleOnly: Story = { args: { children: undefined, action: undefined } };
export const ErrorBoundaryFallback: Story = { render: () => <ErrorFallback onReset={() => {}} /> };
