import type { ActivityEntry } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ActivityPanel } from './ActivityPanel';

const owner = { id: 'm1', email: 'owner@demo.test' };
const ada = { id: 'm2', email: 'ada.longer-name@shop.example.com' };
const entries: ActivityEntry[] = [
  { id: '6', at: '2026-11-29T09:12:00Z', kind: 'page-published', actor: ada, subject: 'About', detail: {} },
  {
    id: '5',
    at: '2026-11-29T08:40:00Z',
    kind: 'price-changed',
    actor: owner,
    subject: 'Canvas tote',
    detail: { from: '$25.00', to: '$26.00' },
  },
  {
    id: '4',
    at: '2026-11-28T17:05:00Z',
    kind: 'order-refunded',
    actor: owner,
    subject: '#1042',
    detail: { amount: '$4.25' },
  },
  {
    id: '3',
    at: '2026-11-28T10:00:00Z',
    kind: 'settings-changed',
    actor: ada,
    subject: 'site name, time zone',
    detail: {},
  },
  {
    id: '2',
    at: '2026-11-27T10:00:00Z',
    kind: 'member-invited',
    actor: owner,
    subject: 'sam@example.com',
    detail: { role: 'editor' },
  },
];

const meta = {
  title: 'Editor/Activity/ActivityPanel',
  component: ActivityPanel,
  args: {
    entries,
    people: [ada, owner],
    filters: {},
    onFiltersChange: fn(),
    onRetry: fn(),
    onLoadMore: fn(),
    timeZone: 'Europe/Paris',
  },
} satisfies Meta<typeof ActivityPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Entries: Story = {};
export const MoreToLoad: Story = { args: { hasMore: true } };
export const LoadingMore: Story = { args: { hasMore: true, isLoadingMore: true } };
export const Filtered: Story = {
  args: { filters: { kind: 'price-changed', person: 'm1' }, entries: [entries[1]!] },
};
export const Empty: Story = { args: { entries: [], people: [] } };
export const NoMatch: Story = { args: { entries: [], filters: { from: '2026-01-01', to: '2026-01-31' } } };
export const Loading: Story = { args: { entries: undefined, isLoading: true } };
export const LoadFailed: Story = {
  args: { entries: undefined, loadError: 'Unable to connect. Please try again' },
};
export const FilterRefused: Story = {
  args: {
    filters: { from: '2026-02-01', to: '2026-01-01' },
    entries: undefined,
    filterError: 'The “from” date must be on or before the “to” date.',
  },
};
