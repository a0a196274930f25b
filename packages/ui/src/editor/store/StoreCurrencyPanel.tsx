import type { CurrencyCode } from '@site/commerce-core';
import type { CurrencyChoice, StoreCurrencyState } from '@site/commerce-core/admin';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { SettingsPanel } from '../site-settings/SettingsPanel';
import { storeCurrencyMessages as m } from './store-currency-messages';

export interface StoreCurrencyPanelProps {
  /** The currencies the owner can pick, named in their language (currencyChoices). */
  choices: readonly CurrencyChoice[];
  /** The stored currency and the orders placed so far. */
  state?: StoreCurrencyState;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  isSaving?: boolean;
  /** A viewer sees the currency but cannot change it. */
  isReadOnly?: boolean;
  /** Why the last save was refused. */
  error?: string;
  /** What the last save did. */
  done?: string;
  /**
   * The server's question before changing the currency of a store that has orders; while set, the
   * dialog asks the owner to confirm or keep the currency.
   */
  confirmation?: { message: string; currency: CurrencyCode };
  /** `confirmed` is true only from the dialog, after the owner has read what the change means. */
  onSave: (currency: CurrencyCode, confirmed: boolean) => void;
  onCancelConfirmation: () => void;
}

/**
 * The store's currency: every price is shown and charged in it. Changing it does not convert the
 * prices typed, and once orders exist the server asks for a confirmation, shown as a dialog.
 */
export function StoreCurrencyPanel({
  choices,
  state,
  isLoading,
  loadError,
  onRetry,
  isSaving,
  isReadOnly,
  error,
  done,
  confirmation,
  onSave,
  onCancelConfirmation,
}: StoreCurrencyPanelProps) {
  const id = useId();
  const [picked, setPicked] = useState<CurrencyCode | undefined>(state?.currency);
  useEffect(() => setPicked(state?.currency), [state?.currency]);
  const changed = picked !== undefined && picked !== state?.currency;
  const nameOf = (code: CurrencyCode | undefined) => choices.find((c) => c.code === code)?.label ?? code;
  return (
    <SettingsPanel
      className="ed-store-currency"
      title={m.title}
      intro={<p className="ed-field__hint">{m.intro}</p>}
      loadingText={m.loading}
      isLoading={isLoading}
      loadError={loadError}
      onRetry={onRetry}
      onSubmit={() => {
        if (picked && changed) onSave(picked, false);
      }}
    >
      {state && (
        <>
          <div className="ed-field">
            <label className="ed-field__label" htmlFor={`${id}-currency`}>
              {m.label}
            </label>
            <select
              id={`${id}-currency`}
              className="ed-input"
              value={picked ?? state.currency}
              disabled={isReadOnly || isSaving}
              aria-describedby={`${id}-hint`}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setPicked(e.target.value as CurrencyCode)}
            >
              {choices.map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.label}
                </option>
              ))}
            </select>
            <span id={`${id}-hint`} className="ed-field__hint">
              {state.orderCount === 0 ? m.noOrdersHint : m.ordersHint(state.orderCount)}
            </span>
          </div>
          {error && (
            <p className="ed-banner ed-banner--error" role="alert">
              {error}
            </p>
          )}
          {done && !changed && <p role="status">{done}</p>}
          {!isReadOnly && (
            <div className="ed-row">
              <button type="submit" className="ed-button ed-button--primary" disabled={!changed || isSaving}>
                {isSaving ? m.saving : m.save}
              </button>
            </div>
          )}
          <ConfirmDialog
            isOpen={Boolean(confirmation)}
            title={m.confirmTitle}
            onDismiss={onCancelConfirmation}
            actions={[
              { label: m.keep(nameOf(state.currency) ?? ''), onPress: onCancelConfirmation },
              {
                label: m.confirm(confirmation?.currency ?? ''),
                variant: 'primary',
                isDisabled: isSaving,
                onPress: () => confirmation && onSave(confirmation.currency, true),
              },
            ]}
          >
            <p>{confirmation?.message}</p>
          </ConfirmDialog>
        </>
      )}
    </SettingsPanel>
  );
}
