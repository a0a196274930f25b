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
      },
    ],
  },
} satisfies Meta<typeof DonationsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Empty: Story = { args: { donations: [] } };
export const Loading: Story = { args: { donations: undefined, isLoading: true } };
export const Failed: Story = {
  args: { donations: undefined, loadError: 'The donations could not be loaded. Check your connection.' },
};
