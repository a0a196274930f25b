import type { DonationRow } from '@site/commerce-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import './store.css';
import { DonationsTable } from './DonationsTable';

const meta = {
  title: 'Editor/Store/Donations',
  component: DonationsTable,
  args: {
    csvHref: '/api/editor/store/donations.csv',
    locale: 'en-US',
    onRetry: fn(),
    donations: [
      {
        id: '7f3a2c10-0000-4000-8000-000000000001',
        donorName: 'Ada Lovelace',
        email: 'ada@example.com',
        amountCents: 4250,
        currency: 'USD',
        fund: 'Roof appeal',
        createdOn: Date.UTC(2026, 10, 29, 14),
        testMode: true,
        refundedCents: 0,
      },
      {
        id: '7f3a2c10-0000-4000-8000-000000000002',
        donorName: 'Grace Hopper',
        email: 'grace.hopper.with.a.very.long.address@example.org',
        amountCents: 2500,
        currency: 'USD',
        fund: '',
        createdOn: Date.UTC(2026, 10, 28, 9),
        testMode: false,
        refundedCents: 500,
      },
      {
        id: '7f3a2c10-0000-4000-8000-000000000003',
        donorName: 'Katherine Johnson',
        email: 'katherine@example.net',
        amountCents: 1000,
        currency: 'USD',
        fund: 'Roof appeal',
        createdOn: Date.UTC(2026, 10, 27, 18),
        testMode: false,
        refundedCents: 1000,
      },
    ],
  },
} satisfies Meta<typeof DonationsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** Someone who may move money: each donation with something left to give back has Refund. */
export const Refundable: Story = {
  args: {
    onRefund: fn(async (donation: DonationRow, amount: string) => ({
      ...donation,
      refundedCents: donation.refundedCents + Math.round(Number(amount) * 100),
    })),
  },
};
/** The processor refuses: the dialog stays open with its reason. */
export const RefundRefused: Story = {
  args: {
    onRefund: fn(async () => {
      throw new Error('The payment provider refused the refund: charge already refunded');
    }),
  },
};
export const Empty: Story = { args: { donations: [] } };
export const Loading: Story = { args: { donations: undefined, isLoading: true } };
export const Failed: Story = {
  args: { donations: undefined, loadError: 'The donations could not be loaded. Check your connection.' },
};
/** More than a page: Show more donations asks for the next 50. */
export const WithMore: Story = { args: { hasMore: true, onLoadMore: fn() } };
/** The next page is on its way: the button waits. */
export const LoadingMore: Story = { args: { hasMore: true, isLoadingMore: true, onLoadMore: fn() } };
/** The next page failed: the rows stay, the reason shows and the button tries again. */
export const LoadMoreFailed: Story = {
  args: {
    hasMore: true,
    onLoadMore: fn(),
    loadMoreError: 'The donations could not be loaded. Check your connection.',
  },
};
