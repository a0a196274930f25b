import { AFTER_ADD_TO_CART, UNLIMITED, type CurrencyCode } from '@site/commerce-core';
import {
  COMMERCE_PREFERENCE_NAMESPACES,
  formatMoneyText,
  parseMoneyText,
  type CommercePreferenceNamespace,
  type CommercePreferences,
  type MoneyTextOptions,
} from '@site/commerce-core/admin';
import { editorMessages, MoneyInput, storeMessages as m } from '@site/ui';
import { useState } from 'react';
import { issuesByPath } from '../api/http';
import { useCommercePreferences, useSaveCommercePreferences } from '../api/commerce-preferences';
import { errorMessage } from '../screen-kit/save-state';
import { ownerLocale } from './owner-locale';
import { StoreCurrencySection } from './StoreCurrencySection';

/**
 * `money`: an amount typed in the store currency; `limit`: a whole number or unlimited; `choice`:
 * one of `choices`, the first being the server's default.
 */
type FieldKind = 'money' | 'int' | 'limit' | 'bool' | 'text' | 'email' | 'emails' | 'choice';
/** `on`: a box that is ticked until the owner unticks it (the server's default is on too). */
type Field = { key: string; kind: FieldKind; on?: boolean; choices?: readonly string[] };

/** Namespaces with a screen of their own (/taxes, /shipping): rate tables do not fit a settings card. */
type OwnScreen = 'tax' | 'shipping';
const hasOwnScreen = (n: CommercePreferenceNamespace): n is OwnScreen => n === 'tax' || n === 'shipping';
type CardNamespace = Exclude<CommercePreferenceNamespace, OwnScreen>;

/** The fields each settings form shows, in order (the schemas in @site/commerce-core/admin check them). */
const FIELDS: Record<CardNamespace, Field[]> = {
  checkout: [
    { key: 'checkoutMinimumSubtotalCents', kind: 'money' },
    { key: 'orderNotesEnabled', kind: 'bool' },
    { key: 'orderNotesLabel', kind: 'text' },
  ],
  currency: [
    { key: 'freeIfZero', kind: 'bool' },
    { key: 'freeLabel', kind: 'text' },
  ],
  instalments: [
    { key: 'enabled', kind: 'bool' },
    { key: 'numberOfInstalments', kind: 'int' },
    { key: 'minimumOrderCents', kind: 'money' },
    { key: 'maximumOrderCents', kind: 'money' },
  ],
  downloads: [
    { key: 'downloadsPerUnit', kind: 'limit' },
    { key: 'linkDays', kind: 'limit' },
  ],
  notifications: [
    { key: 'orderConfirmationEnabled', kind: 'bool', on: true },
    { key: 'fulfilmentEmailEnabled', kind: 'bool', on: true },
    { key: 'notifyEmail', kind: 'email' },
    { key: 'newOrderEmailEnabled', kind: 'bool', on: true },
    { key: 'newOrderRecipients', kind: 'emails' },
    { key: 'lowStockThreshold', kind: 'int' },
  ],
  cart: [{ key: 'afterAddToCart', kind: 'choice', choices: AFTER_ADD_TO_CART }],
  cartRecovery: [
    { key: 'recoveryEnabled', kind: 'bool' },
    { key: 'recoveryDelayHours', kind: 'int' },
  ],
};

/** One form per commerce-preferences namespace (platform.md §3, §5), each saved on its own. */
export function StoreSettings({ isReadOnly, currency }: { isReadOnly: boolean; currency: CurrencyCode }) {
  const money = { currency, locale: ownerLocale() };
  return (
    <div className="ed-store ed-store__settings">
      <StoreCurrencySection isReadOnly={isReadOnly} />
      {COMMERCE_PREFERENCE_NAMESPACES.map((namespace) =>
        hasOwnScreen(namespace) ? null : (
          <PreferencesSection key={namespace} namespace={namespace} isReadOnly={isReadOnly} money={money} />
        ),
      )}
    </div>
  );
}

function PreferencesSection({
  namespace,
  isReadOnly,
  money,
}: {
  namespace: CardNamespace;
  isReadOnly: boolean;
  money: MoneyTextOptions;
}) {
  const prefs = useCommercePreferences(namespace);
  // Kept here, not in the form: a save that changes the values remounts the form (its key).
  const [done, setDone] = useState<string>();
  const title = m.settingsSections[namespace];
  return (
    <section className="ed-card" aria-label={title}>
      <h2 className="ed-card__title">{title}</h2>
      {m.settingsHints[namespace] && <p className="ed-field__hint">{m.settingsHints[namespace]}</p>}
      {prefs.isPending ? (
        <p role="status">{editorMessages.loading}</p>
      ) : prefs.error ? (
        <p role="alert" className="ed-store__error">
          {errorMessage(prefs.error)}
        </p>
      ) : (
        <PreferencesForm
          key={JSON.stringify(prefs.data)}
          namespace={namespace}
          saved={prefs.data}
          isReadOnly={isReadOnly}
          money={money}
          done={done}
          onDone={setDone}
        />
      )}
    </section>
  );
}

/** What the inputs hold: text for numbers (so a half-typed value is not lost), booleans as they are. */
type FormValues = Record<string, string | boolean | unknown>;

/** A stored amount (a string of minor units) as the owner writes it; anything else as it is. */
const moneyText = (stored: unknown, money: MoneyTextOptions): string =>
  typeof stored === 'string' && /^\d+$/.test(stored)
    ? formatMoneyText(BigInt(stored), money)
    : String(stored ?? '');

function toForm(fields: Field[], saved: CommercePreferences, money: MoneyTextOptions): FormValues {
  return Object.fromEntries(
    fields.map((f) => [
      f.key,
      f.kind === 'bool'
        ? saved[f.key] === true || (f.on === true && saved[f.key] === undefined)
        : f.kind === 'money'
          ? moneyText(saved[f.key], money)
          : String(saved[f.key] ?? (f.kind === 'choice' ? f.choices![0] : '')),
    ]),
  );
}

/**
 * Numbers typed as text go as numbers and amounts as the minor units the API keeps; what is not a
 * whole number goes as typed, for the server to name. Amounts that are not money are refused here.
 */
function fromForm(
  fields: Field[],
  values: FormValues,
  money: MoneyTextOptions,
): { preferences: CommercePreferences; refused: Record<string, string> } {
  const refused: Record<string, string> = {};
  const preferences = Object.fromEntries(
    fields.map((f) => {
      const v = values[f.key];
      if (f.kind === 'money') {
        const read = parseMoneyText(String(v ?? ''), money);
        if (!read.ok) refused[f.key] = read.message;
        return [f.key, read.ok && read.minor !== null ? read.minor.toString() : ''];
      }
      if ((f.kind === 'int' || f.kind === 'limit') && typeof v === 'string' && /^\d+$/.test(v.trim()))
        return [f.key, Number(v)];
      return [f.key, typeof v === 'string' ? v.trim() : v];
    }),
  );
  return { preferences, refused };
}

function PreferencesForm({
  namespace,
  saved,
  isReadOnly,
  money,
  done,
  onDone: setDone,
}: {
  namespace: CardNamespace;
  saved: CommercePreferences;
  isReadOnly: boolean;
  money: MoneyTextOptions;
  /** The last save's outcome, shown until the next save. */
  done: string | undefined;
  onDone: (done: string | undefined) => void;
}) {
  const save = useSaveCommercePreferences(namespace);
  const fields = FIELDS[namespace];
  const [values, setValues] = useState<FormValues>(() => toForm(fields, saved, money));
  // Amounts refused before sending; they stand instead of the last save's messages until then.
  const [refused, setRefused] = useState<Record<string, string>>();
  const issues = refused ?? issuesByPath(save.error);
  const submit = async () => {
    setDone(undefined);
    const read = fromForm(fields, values, money);
    if (Object.keys(read.refused).length > 0) return setRefused(read.refused);
    setRefused(undefined);
    const next = read.preferences;
    try {
      const answer = await save.mutateAsync(next);
      setDone(answer === saved ? m.nothingChanged : m.settingsSaved);
    } catch {
      // Shown beside the fields from the mutation's error.
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="ed-inspector__fields" disabled={isReadOnly}>
        {fields.map((f) =>
          f.kind === 'bool' ? (
            <label key={f.key} className="ed-check">
              <input
                type="checkbox"
                checked={values[f.key] === true}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.checked })}
              />
              {m.preferenceLabels[f.key]}
            </label>
          ) : f.kind === 'money' ? (
            <MoneyInput
              key={f.key}
              label={m.preferenceLabels[f.key]}
              currency={money.currency}
              locale={money.locale}
              value={String(values[f.key] ?? '')}
              onChange={(value) => setValues({ ...values, [f.key]: value })}
              error={issues[f.key]}
            />
          ) : f.kind === 'choice' ? (
            <fieldset key={f.key} className="ed-field ed-choice">
              <legend>{m.preferenceLabels[f.key]}</legend>
              {f.choices!.map((choice) => (
                <label key={choice} className="ed-check">
                  <input
                    type="radio"
                    name={f.key}
                    value={choice}
                    checked={values[f.key] === choice}
                    onChange={() => setValues({ ...values, [f.key]: choice })}
                  />
                  {m.preferenceChoices[f.key]?.[choice] ?? choice}
                </label>
              ))}
              {issues[f.key] && <span className="ed-field__error">{issues[f.key]}</span>}
            </fieldset>
          ) : f.kind === 'limit' ? (
            <LimitField
              key={f.key}
              field={f.key}
              value={String(values[f.key] ?? '')}
              onChange={(value) => setValues({ ...values, [f.key]: value })}
              issue={issues[f.key]}
            />
          ) : (
            <label key={f.key} className="ed-field">
              <span>{m.preferenceLabels[f.key]}</span>
              <input
                className="ed-input"
                type={f.kind === 'email' ? 'email' : 'text'}
                inputMode={f.kind === 'int' ? 'numeric' : f.kind === 'emails' ? 'email' : undefined}
                value={String(values[f.key] ?? '')}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                aria-invalid={issues[f.key] ? true : undefined}
              />
              {issues[f.key] && <span className="ed-field__error">{issues[f.key]}</span>}
            </label>
          ),
        )}
        {save.error && Object.keys(issues).length === 0 && (
          <p role="alert" className="ed-store__error">
            {errorMessage(save.error)}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        {!isReadOnly && (
          <div className="ed-row">
            <button type="submit" className="ed-button ed-button--primary" disabled={save.isPending}>
              {m.saveSettings}
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}

/** A whole number, or unlimited with the box beside it ticked (the number then is not sent). */
function LimitField({
  field,
  value,
  onChange,
  issue,
}: {
  field: string;
  value: string;
  onChange: (value: string) => void;
  issue: string | undefined;
}) {
  const unlimited = value === UNLIMITED;
  return (
    <div className="ed-field">
      <label className="ed-field">
        <span>{m.preferenceLabels[field]}</span>
        <input
          className="ed-input"
          type="text"
          inputMode="numeric"
          value={unlimited ? '' : value}
          disabled={unlimited}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={issue ? true : undefined}
        />
      </label>
      <label className="ed-check">
        <input
          type="checkbox"
          checked={unlimited}
          onChange={(e) => onChange(e.target.checked ? UNLIMITED : '')}
        />
        {m.preferenceUnlimited[field]}
      </label>
      {issue && <span className="ed-field__error">{issue}</span>}
    </div>
  );
}
