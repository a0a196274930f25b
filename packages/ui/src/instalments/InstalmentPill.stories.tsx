import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InstalmentModal } from './InstalmentModal';
import { InstalmentPill } from './InstalmentPill';

const html =
  '<h3>Pay in 4 interest-free instalments</h3><p>Checkout with the instalment option, then pay every two weeks.</p><p><a href="#terms">Terms apply</a></p>';

const meta = {
  title: 'Storefront/InstalmentPill',
  component: InstalmentPill,
  args: {
    priceMinor: 12000,
    bounds: { min: 3500, max: 200000 },
    currency: 'USD',
    onOpen: fn(),
    modalContent: { state: 'ready', html },
  },
} satisfies Meta<typeof InstalmentPill>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Offer: Story = {};
export const AboveMaximum: Story = { args: { priceMinor: 250000 } };
export const BelowMinimum: Story = { args: { priceMinor: 2000 } };
export const ModalLoading: Story = { args: { modalContent: { state: 'loading' } } };
export const ModalFailed: Story = { args: { modalContent: { state: 'failed' } } };

export const OpenModal: StoryObj<typeof InstalmentModal> = {
  render: () => <InstalmentModal isOpen onClose={() => {}} content={{ state: 'ready', html }} />,
};
