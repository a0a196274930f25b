import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ListStates } from './ListStates';

const notes = ['Published the page “About”', 'Changed the price of Canvas tote', 'Refunded order #1042'];

const meta = {
  title: 'Editor/ListStates',
  component: ListStates<string>,
  args: {
    items: notes,
    loadingText: 'Loading the activity…',
    empty: { title: 'Nothing has happened yet', body: 'When someone publishes a page, it shows here.' },
    moreLabel: 'Show older activity',
    loadingMoreLabel: 'Loading…',
    onRetry: fn(),
    onLoadMore: fn(),
    children: (items: readonly string[]) => (
      <ul aria-label="Activity">
        {items.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    ),
  },
} satisfies Meta<typeof ListStates<string>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const WithOlderEntries: Story = { args: { hasMore: true } };
export const LoadingOlderEntries: Story = { args: { hasMore: true, isLoadingMore: true } };
export const Loading: Story = { args: { items: undefined, isLoading: true } };
export const Empty: Story = { args: { items: [] } };
export const Failed: Story = {
  args: { items: undefined, loadError: 'The activity could not be loaded. Check your connection.' },
};
export const EmptyWithoutAnEmptyState: Story = { args: { items: [], empty: undefined } };
