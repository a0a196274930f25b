import { editorMessages, storeMessages as m } from '@site/ui';
import { useState } from 'react';
import { issuesByPath } from '../api/http';
import { errorMessage } from '../api/queries';
import { useCommercePreferences, useSaveCommercePreferences } from '../api/store-queries';

/** Checkout minimum and the currency 'free' label, as commerce preferences (platform.md §3, §5). */
export function StoreSettings({ isReadOnly }: { isReadOnly: boolean }) {
  const checkout = useCommercePreferences('checkout');
  const currency = useCommercePreferences('currency');
  if (checkout.isPending || currency.isPending) return <p role="status">{editorMessages.loading}</p>;
  if (checkout.error || currency.error)
    return (
      <p role="alert" className="ed-store__error">
        {errorMessage(checkout.error ?? currency.error)}
      </p>
    );
  return (
    <SettingsForm
      key={JSON.stringify([checkout.data, currency.data])}
      checkout={checkout.data}
      currency={currency.data}
      isReadOnly={isReadOnly}
    />
  );
}

function SettingsForm({
  checkout,
  currency,
  isReadOnly,
}: {
  checkout: Record<string, unknown>;
  currency: Record<string, unknown>;
  isReadOnly: boolean;
}) {
  const saveCheckout = useSaveCommercePreferences('checkout');
  const saveCurrency = useSaveCommercePreferences('currency');
  const [minimum, setMinimum] = useState(String(checkout.checkoutMinimumSubtotalCents ?? ''));
  const [freeIfZero, setFreeIfZero] = useState(currency.freeIfZero === true);
  const [freeLabel, setFreeLabel] = useState(String(currency.freeLabel ?? ''));
  const [saved, setSaved] = useState(false);
  const error = saveCheckout.error ?? saveCurrency.error;
  const issues = issuesByPath(error);
  const submit = async () => {
    setSaved(false);
    try {
      await saveCheckout.mutateAsync({ ...checkout, checkoutMinimumSubtotalCents: minimum });
      await saveCurrency.mutateAsync({ ...currency, freeIfZero, freeLabel });
      setSaved(true);
    } catch {
      // Shown beside the form from the mutations' error.
    }
  };
  return (
    <form
      className="ed-store"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="ed-fieldset" disabled={isReadOnly}>
        <label className="ed-field">
          <span>{m.checkoutMinimum}</span>
          <input
            className="ed-input"
            inputMode="numeric"
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
            aria-invalid={issues.checkoutMinimumSubtotalCents ? true : undefined}
          />
          {issues.checkoutMinimumSubtotalCents && (
            <span className="ed-field__error">{issues.checkoutMinimumSubtotalCents}</span>
          )}
        </label>
        <label className="ed-check">
          <input type="checkbox" checked={freeIfZero} onChange={(e) => setFreeIfZero(e.target.checked)} />
          {m.freeIfZero}
        </label>
        <label className="ed-field">
          <span>{m.freeLabel}</span>
          <input
            className="ed-input"
            value={freeLabel}
            onChange={(e) => setFreeLabel(e.target.value)}
            aria-invalid={issues.freeLabel ? true : undefined}
          />
          {issues.freeLabel && <span className="ed-field__error">{issues.freeLabel}</span>}
        </label>
        {error && Object.keys(issues).length === 0 && (
          <p role="alert" className="ed-store__error">
            {errorMessage(error)}
          </p>
        )}
        {saved && <p role="status">{m.settingsSaved}</p>}
        {!isReadOnly && (
          <button
            type="submit"
            className="ed-button ed-button--primary"
            disabled={saveCheckout.isPending || saveCurrency.isPending}
          >
            {m.saveSettings}
          </button>
        )}
      </fieldset>
    </form>
  );
}
