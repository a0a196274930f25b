import { currencyChoices } from '@site/commerce-core/admin';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../editor.css';
import { StoreCurrencyPanel } from './StoreCurrencyPanel';

const meta = {
  title: 'Editor/Store/Store currency',
  component: StoreCurrencyPanel,
  args: {
    choices: currencyChoices('en-US'),
    state: { currency: 'USD', orderCount: 0 },
    onSave: () => {},
    onCancelConfirmation: () => {},
    onRetry: () => {},
  },
} satisfies Meta<typeof StoreCurrencyPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new store without orders: the change needs no confirmation. */
export const NoOrders: Story = {};
export const WithOrders: Story = { args: { state: { currency: 'EUR', orderCount: 12 } } };
export const Saved: Story = {
  args: { state: { currency: 'JPY', orderCount: 0 }, done: 'Prices are now in Japanese Yen (JPY).' },
};
export const Loading: Story = { args: { state: undefined, isLoading: true } };
export const FailedToLoad: Story = { args: { state: undefined, loadError: 'Unable to load. Try again.' } };
export const Saving: Story = { args: { isSaving: true } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const Refused: Story = {
  args: { error: 'XYZ is not a currency the store can use. Choose one from the list, like EUR or JPY.' },
};
/** The server asked: the store has orders, which keep their currency. */
export const Confirming: Story = {
  args: {
    state: { currency: 'USD', orderCount: 3 },
    confirmation: {
      currency: 'EUR',
      message:
        'This store has 3 orders. They keep the currency they were placed in (USD); new prices and orders will be in EUR, and prices are not converted. Confirm to change the currency.',
    },
  },
};
