import {
  paymentMessages,
  PaymentSettingsSaveSchema,
  type PaymentSettingsSave,
  type PaymentSettingsView,
} from '@site/commerce-core/admin';
import { useEffect, useId, useState } from 'react';
import { SaveFooter } from './SaveFooter';
import { SettingsPanel } from './SettingsPanel';

type Field = 'publishableKey' | 'secretKey' | 'webhookSecret';

export interface PaymentSettingsPanelProps {
  /** The stored settings: secrets only as their last four characters. */
  view?: PaymentSettingsView;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  isSaving?: boolean;
  /** The server's refusals by field, and one without a field. */
  fieldErrors?: Partial<Record<Field, string>>;
  error?: string;
  /** What the last save or disconnect did. */
  done?: string;
  onSave: (input: PaymentSettingsSave) => void;
  onDisconnect: () => void;
}

const FIELDS: { name: Field; label: string; hint: string }[] = [
  {
    name: 'publishableKey',
    label: 'Publishable key',
    hint: 'From Stripe’s dashboard, Developers → API keys: pk_live_… or pk_test_…',
  },
  {
    name: 'secretKey',
    label: 'Secret key',
    hint: 'sk_live_… or sk_test_… (a restricted key rk_… works too).',
  },
  {
    name: 'webhookSecret',
    label: 'Webhook signing secret',
    hint: 'whsec_…, shown when you add the endpoint below in Stripe’s dashboard.',
  },
];

/**
 * The owner's Stripe account. The secrets are typed here once and never shown again: the server
 * seals them and answers only their last four characters, so an empty secret field keeps the one
 * stored. The same rules as the server's name a typo before the round trip.
 */
export function PaymentSettingsPanel({
  view,
  isLoading,
  loadError,
  onRetry,
  isSaving,
  fieldErrors = {},
  error,
  done,
  onSave,
  onDisconnect,
}: PaymentSettingsPanelProps) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    publishableKey: '',
    secretKey: '',
    webhookSecret: '',
  });
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    // A save or disconnect answered: the secrets typed are gone from the page.
    setValues({ publishableKey: view?.publishableKey ?? '', secretKey: '', webhookSecret: '' });
  }, [view]);
  const errorOf = (field: Field) => localErrors[field] ?? fieldErrors[field];
  const fromEnvironment = view?.source === 'environment';
  const stored = {
    publishableKey: null,
    secretKey: view?.secretKeyLast4,
    webhookSecret: view?.webhookSecretLast4,
  };
  return (
    <SettingsPanel
      className="ed-payment-settings"
      title="Payments"
      loadingText="Loading payment settings…"
      isLoading={isLoading}
      loadError={loadError}
      onRetry={onRetry}
      onSubmit={() => {
        const parsed = PaymentSettingsSaveSchema.safeParse({ provider: 'stripe', ...values });
        if (!parsed.success) {
          const errors: Partial<Record<Field, string>> = {};
          for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
          setLocalErrors(errors);
          return;
        }
        onSave(parsed.data);
      }}
    >
      {view && (
        <>
          <p className="ed-field__hint">
            {view.provider === 'test'
              ? 'Checkout is in test mode: shoppers can try it with the test card, and no real charge is made. Enter your Stripe keys to take card payments.'
              : view.mode === 'test'
                ? 'Checkout takes payments through Stripe with test keys: no real charge is made.'
                : 'Checkout takes real card payments through your Stripe account.'}
          </p>
          {fromEnvironment && <p className="ed-field__hint">{paymentMessages.environmentConfigured}</p>}
          {FIELDS.map(({ name, label, hint }) => (
            <div className="ed-field" key={name}>
              <label className="ed-field__label" htmlFor={`${id}-${name}`}>
                {label}
              </label>
              <input
                id={`${id}-${name}`}
                className="ed-input"
                type={name === 'publishableKey' ? 'text' : 'password'}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                disabled={fromEnvironment || isSaving}
                placeholder={stored[name] ? `•••• ${stored[name]}` : undefined}
                aria-invalid={errorOf(name) ? true : undefined}
                aria-describedby={`${id}-${name}-hint${errorOf(name) ? ` ${id}-${name}-error` : ''}`}
                value={values[name]}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [name]: e.target.value }));
                  setLocalErrors(({ [name]: _answered, ...rest }) => rest);
                }}
              />
              <p id={`${id}-${name}-hint`} className="ed-field__hint">
                {stored[name] ? `Saved: •••• ${stored[name]}. Leave empty to keep it.` : hint}
              </p>
              {errorOf(name) && (
                <p id={`${id}-${name}-error`} className="ed-field__error" role="alert">
                  {errorOf(name)}
                </p>
              )}
            </div>
          ))}
          <div className="ed-field">
            <p className="ed-field__label">Webhook endpoint to add in Stripe</p>
            <p className="ed-payment-settings__url">
              <code>{view.webhookUrl}</code>
            </p>
            <p className="ed-field__hint">Events: {view.webhookEvents.join(', ')}</p>
          </div>
          <SaveFooter error={error} isSaving={isSaving} disabled={fromEnvironment} done={done}>
            {view.source === 'site' && (
              <button
                type="button"
                className="ed-button ed-button--ghost"
                disabled={isSaving}
                onClick={onDisconnect}
              >
                Disconnect Stripe
              </button>
            )}
          </SaveFooter>
        </>
      )}
    </SettingsPanel>
  );
}
