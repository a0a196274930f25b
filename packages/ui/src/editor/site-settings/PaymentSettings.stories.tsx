import type { PaymentSettingsView } from '@site/commerce-core/admin';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../editor.css';
import { PaymentSettingsPanel } from './PaymentSettingsPanel';

const testProvider: PaymentSettingsView = {
  provider: 'test',
  source: 'none',
  mode: null,
  publishableKey: '',
  secretKeyLast4: null,
  webhookSecretLast4: null,
  webhookUrl: 'https://fieldnotes.example/api/commerce/payments/stripe/webhook',
  webhookEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'],
};
const connected: PaymentSettingsView = {
  ...testProvider,
  provider: 'stripe',
  source: 'site',
  mode: 'live',
  publishableKey: 'pk_live_51Habc123',
  secretKeyLast4: 'x9Qz',
  webhookSecretLast4: 'w2Ab',
};

const meta = {
  title: 'Editor/Site settings/Payments',
  component: PaymentSettingsPanel,
  args: { view: testProvider, onSave: () => {}, onDisconnect: () => {}, onRetry: () => {} },
} satisfies Meta<typeof PaymentSettingsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing connected: the built-in test provider, which says so. */
export const TestMode: Story = {};
export const Connected: Story = {
  args: {
    view: connected,
    done: 'Stripe is connected. Checkout now takes card payments through your Stripe account.',
  },
};
export const FromTheEnvironment: Story = { args: { view: { ...connected, source: 'environment' } } };
export const Loading: Story = { args: { view: undefined, isLoading: true } };
export const FailedToLoad: Story = { args: { view: undefined, loadError: 'Unable to load. Try again.' } };
export const Saving: Story = { args: { view: connected, isSaving: true } };
export const Refused: Story = {
  args: {
    fieldErrors: {
      secretKey: 'The publishable key and the secret key must both be live keys or both be test keys.',
    },
    error: undefined,
  },
};
