import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AlertDialog } from './AlertDialog';

const meta = {
  title: 'Storefront/AlertDialog',
  component: AlertDialog,
  args: {
    isOpen: true,
    onClose: fn(),
    title: 'Unable to Add Item',
    message: 'Please try again in a few seconds.',
  },
} satisfies Meta<typeof AlertDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AddItem: Story = {};
export const ExpressCheckout: Story = {
  args: {
    title: 'Unable to Purchase Item',
    message: 'Your session has expired. Please reload the page and try again.',
  },
};
export const GiftCard: Story = {
  args: { title: 'Unable to purchase Gift Card', message: 'Select a denomination for the Gift Card' },
};
