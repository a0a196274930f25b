import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SubmissionsPanel } from './SubmissionsPanel';

const submissions = [
  { id: 's1', submittedAt: '2026-11-24T10:00:00.000Z', pagePath: '/survey', preview: 'grace@example.com' },
  { id: 's2', submittedAt: '2026-11-23T09:30:00.000Z', pagePath: '/survey', preview: 'ada@example.com' },
];
const selected = {
  id: 's1',
  submittedAt: '2026-11-24T10:00:00.000Z',
  pagePath: '/survey',
  pageTitle: 'Survey',
  summary: [
    { title: 'Email', answer: { kind: 'text' as const, text: 'grace@example.com' }, noAnswerText: 'N/A' },
    {
      title: 'Address',
      answer: { kind: 'lines' as const, lines: ['1 Main St', 'Springfield, IL 62701 US'] },
      noAnswerText: 'N/A',
    },
    {
      title: 'How was it?',
      answer: {
        kind: 'ratings' as const,
        ratings: [{ question: 'Service was quick', answer: 'Strongly Agree' }],
      },
      noAnswerText: 'N/A',
    },
    { title: 'Note', answer: null, noAnswerText: 'N/A' },
  ],
};

const meta = {
  title: 'Editor/Forms/SubmissionsPanel',
  component: SubmissionsPanel,
  args: { submissions, total: 2, onSelect: fn(), csvHref: '/api/editor/forms/f1/submissions.csv' },
} satisfies Meta<typeof SubmissionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};
export const Detail: Story = { args: { selected } };
export const Empty: Story = { args: { submissions: [], total: 0 } };
export const Loading: Story = { args: { submissions: undefined, total: 0, isLoading: true } };
export const Failed: Story = {
  args: { submissions: undefined, total: 0, error: 'Unable to load. Try again.' },
};
export const MoreToLoad: Story = { args: { total: 60, hasMore: true, onLoadMore: fn() } };
export const LoadingMore: Story = {
  args: { total: 60, hasMore: true, isLoadingMore: true, onLoadMore: fn() },
};
