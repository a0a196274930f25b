import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SiteExportPanel } from './SiteExportPanel';

const made = { id: 'e1', createdAt: '2026-11-28T17:00:00Z', size: null, finishedAt: null } as const;

const meta = {
  title: 'Editor/SiteExportPanel',
  component: SiteExportPanel,
  args: { latest: null, onStart: fn(), onRetryLoad: fn() },
} satisfies Meta<typeof SiteExportPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Loading: Story = { args: { latest: undefined } };
export const LoadError: Story = { args: { latest: undefined, loadError: 'Network error' } };
export const Starting: Story = { args: { starting: true } };
export const Running: Story = { args: { latest: { ...made, status: 'running', progress: 42 } } };
export const Ready: Story = {
  args: {
    latest: { ...made, status: 'ready', progress: 100, size: 2_480_000, finishedAt: '2026-11-28T17:01:00Z' },
    downloadUrl: '/api/editor/site-export/e1/download',
  },
};
export const Failed: Story = { args: { latest: { ...made, status: 'failed', progress: 30 } } };
export const StartFailed: Story = { args: { startError: 'Only the site’s owner can export it.' } };
