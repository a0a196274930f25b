import { UNLIMITED } from '@site/commerce-core';
import {
  COMMERCE_PREFERENCE_NAMESPACES,
  type CommercePreferenceNamespace,
  type CommercePreferences,
} from '@site/commerce-core/admin';
import { editorMessages, storeMessages as m } from '@site/ui';
import { useState } from 'react';
import { issuesByPath } from '../api/http';
import { errorMessage } from '../api/queries';
import { useCommercePreferences, useSaveCommercePreferences } from '../api/store-queries';

/** `limit`: a whole number or unlimited (a box beside the number). */
type FieldKind = 'minor' | 'int' | 'limit' | 'bool' | 'text' | 'email';
type Field = { key: string; kind: FieldKind };

/** The fields each settings form shows, in order (the schemas in @site/commerce-core/admin check them). */
const FIELDS: Record<Exclude<CommercePreferenceNamespace, 'shipping'>, Field[]> = {
  checkout: [
    { key: 'checkoutMinimumSubtotalCents', kind: 'minor' },
    { key: 'orderNotesEnabled', kind: 'bool' },
    { key: 'orderNotesLabel', kind: 'text' },
  ],
  tax: [
    { key: 'taxRateBasisPoints', kind: 'int' },
    { key: 'taxShipping', kind: 'bool' },
  ],
  currency: [
    { key: 'freeIfZero', kind: 'bool' },
    { key: 'freeLabel', kind: 'text' },
  ],
  instalments: [
    { key: 'enabled', kind: 'bool' },
    { key: 'numberOfInstalments', kind: 'int' },
    { key: 'minimumOrderCents', kind: 'minor' },
    { key: 'maximumOrderCents', kind: 'minor' },
  ],
  downloads: [
    { key: 'downloadsPerUnit', kind: 'limit' },
    { key: 'linkDays', kind: 'limit' },
  ],
  notifications: [
    { key: 'orderConfirmationEnabled', kind: 'bool' },
    { key: 'fulfilmentEmailEnabled', kind: 'bool' },
    { key: 'lowStockThreshold', kind: 'int' },
    { key: 'notifyEmail', kind: 'email' },
  ],
};

/** One form per commerce-preferences namespace (platform.md §3, §5), each saved on its own. */
export function StoreSettings({ isReadOnly }: { isReadOnly: boolean }) {
  return (
    <div className="ed-store ed-store__settings">
      {COMMERCE_PREFERENCE_NAMESPACES.map((namespace) => (
        <PreferencesSection key={namespace} namespace={namespace} isReadOnly={isReadOnly} />
      ))}
    </div>
  );
}

function PreferencesSection({
  namespace,
  isReadOnly,
}: {
  namespace: CommercePreferenceNamespace;
  isReadOnly: boolean;
}) {
  const prefs = useCommercePreferences(namespace);
  // Kept here, not in the form: a save that changes the values remounts the form (its key).
  const [done, setDone] = useState<string>();
  const title = m.settingsSections[namespace];
  return (
    <section className="ed-card" aria-label={title}>
      <h2 className="ed-card__title">{title}</h2>
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
          done={done}
          onDone={setDone}
        />
      )}
    </section>
  );
}

/** What the inputs hold: text for numbers (so a half-typed value is not lost), booleans as they are. */
type FormValues = Record<string, string | boolean | unknown>;

function toForm(fields: Field[], saved: CommercePreferences): FormValues {
  return Object.fromEntries(
    fields.map((f) => [f.key, f.kind === 'bool' ? saved[f.key] === true : String(saved[f.key] ?? '')]),
  );
}

/** Numbers typed as text go as numbers; what is not a whole number goes as typed, for the server to name. */
function fromForm(fields: Field[], values: FormValues): CommercePreferences {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.key];
      if ((f.kind === 'int' || f.kind === 'limit') && typeof v === 'string' && /^\d+$/.test(v.trim())) return [f.key, Number(v)];
      return [f.key, typeof v === 'string' ? v.trim() : v];
    }),
  );
}

function PreferencesForm({
  namespace,
  saved,
  isReadOnly,
  done,
  onDone: setDone,
}: {
  namespace: CommercePreferenceNamespace;
  saved: CommercePreferences;
  isReadOnly: boolean;
  /** The last save's outcome, shown until the next save. */
  done: string | undefined;
  onDone: (done: string | undefined) => void;
}) {
  const save = useSaveCommercePreferences(namespace);
  const fields = namespace === 'shipping' ? [] : FIELDS[namespace];
  const [values, setValues] = useState<FormValues>(() => toForm(fields, saved));
  const [shipping, setShipping] = useState<ShippingRow[]>(() => toShippingRows(saved.shippingOptions));
  const issues = issuesByPath(save.error);
  const submit = async () => {
    setDone(undefined);
    const next =
      namespace === 'shipping' ? { shippingOptions: fromShippingRows(shipping) } : fromForm(fields, values);
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
                inputMode={f.kind === 'minor' || f.kind === 'int' ? 'numeric' : undefined}
                value={String(values[f.key] ?? '')}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                aria-invalid={issues[f.key] ? true : undefined}
              />
              {issues[f.key] && <span className="ed-field__error">{issues[f.key]}</span>}
            </label>
          ),
        )}
        {namespace === 'shipping' && (
          <ShippingOptions rows={shipping} onChange={setShipping} issues={issues} />
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
        <input type="checkbox" checked={unlimited} onChange={(e) => onChange(e.target.checked ? UNLIMITED : '')} />
        {m.preferenceUnlimited[field]}
      </label>
      {issue && <span className="ed-field__error">{issue}</span>}
    </div>
  );
}

/** A flat-rate option the form edits, or a rate table it keeps untouched. */
type ShippingRow = { id: string; name: string; amount: string; kept?: Record<string, unknown> };

function toShippingRows(options: unknown): ShippingRow[] {
  if (!Array.isArray(options)) return [];
  return options.map((o: Record<string, unknown>) =>
    o.kind === 'flat'
      ? { id: String(o.id), name: String(o.name), amount: String(o.amountCents) }
      : { id: String(o.id), name: String(o.name), amount: '', kept: o },
  );
}

function fromShippingRows(rows: ShippingRow[]): unknown[] {
  return rows.map(
    (r) =>
      r.kept ?? {
        kind: 'flat',
        id: r.id,
        name: r.name.trim(),
        amountCents: /^\d+$/.test(r.amount.trim()) ? Number(r.amount) : r.amount,
      },
  );
}

function ShippingOptions({
  rows,
  onChange,
  issues,
}: {
  rows: ShippingRow[];
  onChange: (rows: ShippingRow[]) => void;
  issues: Record<string, string>;
}) {
  const update = (i: number, patch: Partial<ShippingRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="ed-store">
      {rows.map((row, i) =>
        row.kept ? (
          <p key={row.id}>{m.tableRatesKept(row.name)}</p>
        ) : (
          <div key={row.id} className="ed-store__toolbar">
            <label className="ed-field">
              <span>{m.shippingOptionName}</span>
              <input
                className="ed-input"
                value={row.name}
                onChange={(e) => update(i, { name: e.target.value })}
              />
            </label>
            <label className="ed-field">
              <span>{m.shippingOptionAmount}</span>
              <input
                className="ed-input"
                inputMode="numeric"
                value={row.amount}
                onChange={(e) => update(i, { amount: e.target.value })}
                aria-invalid={issues[`shippingOptions.${i}.amountCents`] ? true : undefined}
              />
              {issues[`shippingOptions.${i}.amountCents`] && (
                <span className="ed-field__error">{m.notANumber}</span>
              )}
            </label>
            <button
              type="button"
              className="ed-button ed-button--ghost"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              {m.removeShippingOption(row.name)}
            </button>
          </div>
        ),
      )}
      <div className="ed-row">
        <button
          type="button"
          className="ed-button"
          onClick={() => onChange([...rows, { id: `ship-${crypto.randomUUID()}`, name: '', amount: '' }])}
        >
          {m.addShippingOption}
        </button>
      </div>
    </div>
  );
}
