import type { Meta, StoryObj } from '@storybook/react-vite';
import { PillCart } from './PillCart';

const meta = {
  title: 'Storefront/PillCart',
  component: PillCart,
} satisfies Meta<typeof PillCart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden (faded out, inert) while the cart is empty. */
export const Empty: Story = { args: { itemCount: 0 } };
export const OneItem: Story = { args: { itemCount: 1, subtotalText: '$24.00' } };
export const SeveralItems: Story = { args: { itemCount: 3, subtotalText: '$128.00' } };
export const OverCap: Story = { args: { itemCount: 250, subtotalText: '$9,120.00' } };
