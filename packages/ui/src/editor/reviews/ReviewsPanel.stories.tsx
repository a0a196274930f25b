import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OwnerReview } from '@site/commerce-core';
import { fn } from 'storybook/test';
import '../editor.css';
import { ReviewsPanel } from './ReviewsPanel';

const review = (over: Partial<OwnerReview>): OwnerReview => ({
  id: 'r1',
  rating: 4,
  title: 'Sturdy and handsome',
  text: 'The canvas has softened nicely after a month of daily use. The strap could be longer.',
  name: 'Ada',
  verifiedBuyer: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  reply: null,
  productId: 'p1',
  productTitle: 'Waxed Canvas Tote',
  email: 'ada@example.com',
  status: 'pending',
  repliedAt: null,
  ...over,
});
const reviews = [
  review({}),
  review({
    id: 'r2',
    rating: 5,
    title: '',
    text: 'Perfect notebook.',
    name: 'Lin',
    status: 'approved',
    productTitle: 'Field Notebook',
    reply: 'Thank you, Lin!',
  }),
  review({
    id: 'r3',
    rating: 1,
    title: 'Spam',
    text: 'Buy cheap watches',
    name: 'X',
    verifiedBuyer: false,
    status: 'hidden',
  }),
];

const meta = {
  title: 'Editor/Reviews/ReviewsPanel',
  component: ReviewsPanel,
  args: {
    reviews,
    enabled: true,
    onStatusChange: fn(),
    onEnabledChange: fn(),
    onModerate: fn(),
    onRetry: fn(),
    onLoadMore: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 860 }}>{Story()}</div>],
} satisfies Meta<typeof ReviewsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Mixed: Story = {};
export const Waiting: Story = { args: { status: 'pending', reviews: [reviews[0]!] } };
export const Empty: Story = { args: { reviews: [], enabled: false } };
export const NoMatch: Story = { args: { reviews: [], status: 'hidden' } };
export const Loading: Story = { args: { reviews: undefined, enabled: undefined, isLoading: true } };
export const LoadFailed: Story = {
  args: { reviews: undefined, loadError: 'The reviews could not be loaded.' },
};
export const Busy: Story = { args: { busyId: 'r1' } };
export const Refused: Story = { args: { error: 'This review no longer exists.' } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const MoreToLoad: Story = { args: { hasMore: true } };
