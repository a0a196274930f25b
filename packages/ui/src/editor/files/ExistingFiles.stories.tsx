import { messages } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { ExistingFiles } from './ExistingFiles';
import { sampleFiles } from './sample-files';

/** Existing Files alone: the list with its paging, and its empty, loading and failed states. */
const meta = {
  title: 'Editor/ExistingFiles',
  component: ExistingFiles,
  args: {
    files: sampleFiles,
    total: 42,
    state: 'ready',
    onSelect: fn(),
    pageSize: 25,
    onPageSizeChange: fn(),
    hasMore: true,
    onLoadMore: fn(),
    selectedId: sampleFiles[0]!.id,
  },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof ExistingFiles>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithFiles: Story = {};
export const AllLoaded: Story = { args: { total: sampleFiles.length, hasMore: false } };
export const LoadingMore: Story = { args: { isLoadingMore: true } };
export const Empty: Story = { args: { files: [], total: 0, hasMore: false } };
export const Loading: Story = { args: { files: [], total: 0, state: 'loading', hasMore: false } };
export const LoadError: Story = {
  args: {
    files: [],
    total: 0,
    state: 'error',
    errorMessage: messages.unableToLoadTryAgain,
    onRetry: fn(),
    hasMore: false,
  },
};
