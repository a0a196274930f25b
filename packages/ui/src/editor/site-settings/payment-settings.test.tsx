import type { PaymentSettingsView } from '@site/commerce-core/admin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PaymentSettingsPanel } from './PaymentSettingsPanel';

afterEach(cleanup);

const view: PaymentSettingsView = {
  provider: 'stripe',
  source: 'site',
  mode: 'test',
  publishableKey: 'pk_test_abcdefgh12',
  secretKeyLast4: 'Qz42',
  webhookSecretLast4: 'Ab12',
  webhookUrl: 'https://shop.example/api/commerce/payments/stripe/webhook',
  webhookEvents: ['payment_intent.succeeded'],
};

describe('PaymentSettingsPanel', () => {
  it('shows the stored secrets as their last four, names a mistyped key at its field, then saves', async () => {
    const onSave = vi.fn();
    const { container, rerender } = render(
      <PaymentSettingsPanel view={view} onSave={onSave} onDisconnect={() => {}} />,
    );
    expect(screen.getByRole('form', { name: 'Payments' })).toBeTruthy();
    expect(container.textContent).toContain('Saved: •••• Qz42. Leave empty to keep it.');
    fireEvent.change(screen.getByLabelText('Secret key'), { target: { value: 'sk_oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toContain('it starts with sk_live_');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Secret key'), { target: { value: 'sk_test_abcdefgh12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      provider: 'stripe',
      publishableKey: 'pk_test_abcdefgh12',
      secretKey: 'sk_test_abcdefgh12',
      webhookSecret: '',
    });
    // Answered: the typed secret leaves the page and the answer is announced.
    rerender(
      <PaymentSettingsPanel
        view={{ ...view }}
        done="Stripe is connected."
        onSave={onSave}
        onDisconnect={() => {}}
      />,
    );
    expect((screen.getByLabelText('Secret key') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toContain('Stripe is connected.');
    await expectNoAxeViolations(container);
  });

  it('has loading and failed states, and no fields to change for keys from the environment', async () => {
    const onRetry = vi.fn();
    const { rerender, container } = render(
      <PaymentSettingsPanel isLoading onSave={() => {}} onDisconnect={() => {}} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading payment settings…');
    rerender(
      <PaymentSettingsPanel
        loadError="Unable to load."
        onRetry={onRetry}
        onSave={() => {}}
        onDisconnect={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    rerender(
      <PaymentSettingsPanel
        view={{ ...view, source: 'environment' }}
        onSave={() => {}}
        onDisconnect={() => {}}
      />,
    );
    expect((screen.getByLabelText('Publishable key') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Disconnect Stripe' })).toBeNull();
    await expectNoAxeViolations(container);
  });
});
