import { paymentMessages } from '@site/commerce-core/admin';
import { PaymentSettingsPanel } from '@site/ui';
import { useState } from 'react';
import { issuesByPath } from '../api/http';
import { usePaymentSettings, useSavePaymentSettings } from '../api/payment-settings';
import { errorMessage } from '../screen-kit/save-state';

/** The owner's Stripe account (the panel in @site/ui) on the site's payment settings. */
export function PaymentSettingsForm() {
  const current = usePaymentSettings();
  const save = useSavePaymentSettings();
  const [done, setDone] = useState<string>();
  const fieldErrors = issuesByPath(save.error);
  return (
    <PaymentSettingsPanel
      view={current.data}
      isLoading={current.isPending}
      loadError={current.error ? errorMessage(current.error) : undefined}
      onRetry={() => void current.refetch()}
      isSaving={save.isPending}
      fieldErrors={fieldErrors}
      error={save.error && Object.keys(fieldErrors).length === 0 ? errorMessage(save.error) : undefined}
      done={done}
      onSave={(input) => {
        setDone(undefined);
        save.mutate(input, { onSuccess: () => setDone(paymentMessages.saved) });
      }}
      onDisconnect={() => {
        setDone(undefined);
        save.mutate(null, { onSuccess: () => setDone(paymentMessages.removed) });
      }}
    />
  );
}
