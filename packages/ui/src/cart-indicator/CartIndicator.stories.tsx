import type { Meta, StoryObj } from '@storybook/react-vite';
import { CartIndicator } from './CartIndicator';

const meta = {
  title: 'Storefront/CartIndicator',
  component: CartIndicator,
} satisfies Meta<typeof CartIndicator>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { itemCount: 0 } };
export const Loading: Story = { args: {} };
export const WithItems: Story = { args: { itemCount: 3, subtotalText: '$128.00' } };
export const OverCap: Story = { args: { itemCount: 250, subtotalText: '$9,120.00' } };
export const Error: Story = { args: { error: true } };
