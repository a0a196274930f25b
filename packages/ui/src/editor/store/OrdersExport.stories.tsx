import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { OrdersExport } from './OrdersExport';

const base = {
  id: 'e1',
  total: 1_000_000,
  written: 0,
  size: null,
  downloadUrl: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  finishedAt: null,
};

const meta = {
  title: 'Editor/Store/OrdersExport',
  component: OrdersExport,
  args: { onStart: fn(), latest: null },
} satisfies Meta<typeof OrdersExport>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Loading: Story = { args: { latest: undefined } };
export const Starting: Story = { args: { isStarting: true } };
export const Running: Story = {
  args: { latest: { ...base, status: 'running', progress: 42, written: 420_000 } },
};
export const Ready: Story = {
  args: {
    latest: {
      ...base,
      status: 'ready',
      progress: 100,
      written: 1_000_000,
      size: 137_800_000,
      downloadUrl: '/api/editor/store/order-exports/e1/orders.csv',
      finishedAt: '2026-12-01T12:00:14.000Z',
    },
  },
};
export const Failed: Story = {
  args: { latest: { ...base, status: 'failed', progress: 30, written: 300_000 } },
};
export const Refused: Story = { args: { startError: 'Sign in again to continue.' } };
export const Disabled: Story = { args: { isDisabled: true } };
