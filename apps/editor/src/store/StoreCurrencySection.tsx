import type { CurrencyCode } from '@site/commerce-core';
import { currencyChoices } from '@site/commerce-core/admin';
import { StoreCurrencyPanel, storeCurrencyMessages } from '@site/ui';
import { useState } from 'react';
import { ApiError } from '../api/http';
import { useChangeStoreCurrency, useStoreCurrency } from '../api/store-currency';
import { errorMessage } from '../screen-kit/save-state';
import { ownerLocale } from './owner-locale';

/** The store currency, at the top of the store's settings: a change after orders is confirmed. */
export function StoreCurrencySection({ isReadOnly }: { isReadOnly: boolean }) {
  const state = useStoreCurrency();
  const change = useChangeStoreCurrency();
  const [confirmation, setConfirmation] = useState<{ message: string; currency: CurrencyCode }>();
  const [done, setDone] = useState<string>();
  const choices = currencyChoices(ownerLocale());
  const asking = change.error instanceof ApiError && change.error.code === 'CONFIRM_CURRENCY_CHANGE';
  const save = (currency: CurrencyCode, confirmed: boolean) => {
    setDone(undefined);
    change.mutate(
      { currency, ...(confirmed && { confirmed }) },
      {
        onSuccess: (saved) => {
          setConfirmation(undefined);
          const label = choices.find((c) => c.code === saved.currency)?.label ?? saved.currency;
          setDone(storeCurrencyMessages.saved(label));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONFIRM_CURRENCY_CHANGE')
            setConfirmation({ message: error.message, currency });
          else setConfirmation(undefined);
        },
      },
    );
  };
  return (
    <section className="ed-card">
      <StoreCurrencyPanel
        choices={choices}
        state={state.data}
        isLoading={state.isPending}
        loadError={state.error ? errorMessage(state.error) : undefined}
        onRetry={() => void state.refetch()}
        isSaving={change.isPending}
        isReadOnly={isReadOnly}
        error={change.error && !asking ? errorMessage(change.error) : undefined}
        done={done}
        confirmation={confirmation}
        onSave={save}
        onCancelConfirmation={() => {
          setConfirmation(undefined);
          change.reset();
        }}
      />
    </section>
  );
}
