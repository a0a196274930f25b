import { DEFAULT_TAX_RATES, regionsOf, type TaxRate } from '@site/commerce-core';
import { useId, useMemo, useState } from 'react';
import { EditorField } from '../field';
import { countriesByName, countryName } from './places';
import { addStandardRates, emptyRateRow, EU_VAT_RATES, type TaxForm, type TaxRateRow } from './tax-form';
import { taxShippingMessages as m } from './tax-shipping-messages';

export interface TaxRatesPanelProps {
  form: TaxForm;
  onChange: (form: TaxForm) => void;
  /** Messages keyed by the field's path ("taxRates.0.rate"), from the form's check or the server. */
  issues?: Readonly<Record<string, string>>;
  /** The owner's locale, for country names. */
  locale?: string;
  disabled?: boolean;
}

/** "California, United States", "Germany", or "Everywhere else". */
export function taxPlaceName(r: { country: string; region: string }, locale?: string): string {
  if (r.country === '*') return m.everywhereElse;
  if (!r.country) return m.newRate;
  const country = countryName(r.country, locale);
  if (!r.region) return country;
  return `${regionsOf(r.country)[r.region] ?? r.region}, ${country}`;
}

const standardLabel = (r: TaxRate, locale?: string) => `${taxPlaceName(r, locale)} — ${r.name} ${r.rate} %`;

/**
 * The store's tax: where it is, how tax is rounded, and a rate per country, state or province,
 * each saying whether it is in the prices (VAT-style) and whether shipping is taxed. Standard
 * rates can be added from a table and edited like any other.
 */
export function TaxRatesPanel({ form, onChange, issues = {}, locale, disabled }: TaxRatesPanelProps) {
  const id = useId();
  const countries = useMemo(() => countriesByName(locale), [locale]);
  const [standard, setStandard] = useState('');
  const [note, setNote] = useState<string>();
  const setRate = (i: number, patch: Partial<TaxRateRow>) =>
    onChange({ ...form, rates: form.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const addStandard = (picked: readonly TaxRate[]) => {
    const next = addStandardRates(form, picked);
    setNote(
      next.skipped.length
        ? m.alreadyAdded(next.skipped.map((r) => taxPlaceName(r, locale)).join(', '))
        : undefined,
    );
    onChange(next.form);
  };

  return (
    <fieldset className="ed-tax" disabled={disabled}>
      <div className="ed-form__grid">
        <EditorField label={m.originCountry} hint={m.originHint} error={issues.taxOriginCountry}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={form.originCountry}
              onChange={(e) => onChange({ ...form, originCountry: e.target.value })}
            >
              <option value="">{m.originNone}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        <fieldset className="ed-tax__rounding" aria-describedby={`${id}-rounding-hint`}>
          <legend className="ed-field__label">{m.rounding}</legend>
          {(
            [
              ['order', m.roundingOrder],
              ['line', m.roundingLine],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="ed-check">
              <input
                type="radio"
                name={`${id}-rounding`}
                checked={form.rounding === value}
                onChange={() => onChange({ ...form, rounding: value })}
              />
              {label}
            </label>
          ))}
          <p className="ed-field__hint" id={`${id}-rounding-hint`}>
            {m.roundingHint}
          </p>
        </fieldset>
      </div>

      <h2 className="ed-subtitle">{m.ratesTitle}</h2>
      <p className="ed-muted">{m.includedHint}</p>
      {issues.taxRates && (
        <p className="ed-field__error" role="alert">
          {issues.taxRates}
        </p>
      )}
      {form.rates.length === 0 ? (
        <p className="ed-muted">{m.ratesEmpty}</p>
      ) : (
        <ol className="ed-tax__rates">
          {form.rates.map((row, i) => (
            <li key={row.key}>
              <RateRow
                row={row}
                issues={issues}
                path={`taxRates.${i}`}
                locale={locale}
                countries={countries}
                onChange={(patch) => setRate(i, patch)}
                onRemove={() => onChange({ ...form, rates: form.rates.filter((_, j) => j !== i) })}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="ed-row">
        <button
          type="button"
          className="ed-button"
          onClick={() => onChange({ ...form, rates: [...form.rates, emptyRateRow()] })}
        >
          {m.addRate}
        </button>
      </div>

      <div className="ed-card ed-card--inset ed-tax__standard">
        <EditorField label={m.standardRates} hint={m.standardRatesHint}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={standard}
              onChange={(e) => setStandard(e.target.value)}
            >
              <option value="">{m.standardRatePick}</option>
              {DEFAULT_TAX_RATES.map((r, i) => (
                <option key={`${r.country}-${r.region}`} value={String(i)}>
                  {standardLabel(r, locale)}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        <div className="ed-row">
          <button
            type="button"
            className="ed-button"
            disabled={standard === ''}
            onClick={() => {
              addStandard([DEFAULT_TAX_RATES[Number(standard)]!]);
              setStandard('');
            }}
          >
            {m.addStandardRate}
          </button>
          <button type="button" className="ed-button" onClick={() => addStandard(EU_VAT_RATES)}>
            {m.addAllEu}
          </button>
        </div>
        {note && <p role="status">{note}</p>}
      </div>
    </fieldset>
  );
}

function RateRow({
  row,
  issues,
  path,
  locale,
  countries,
  onChange,
  onRemove,
}: {
  row: TaxRateRow;
  issues: Readonly<Record<string, string>>;
  path: string;
  locale?: string;
  countries: { code: string; name: string }[];
  onChange: (patch: Partial<TaxRateRow>) => void;
  onRemove: () => void;
}) {
  const regions = Object.entries(regionsOf(row.country));
  const place = taxPlaceName(row, locale);
  return (
    <fieldset className="ed-tax__rate" aria-label={place}>
      <div className="ed-tax__place">
        <EditorField label={m.country} error={issues[`${path}.country`]}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={row.country}
              onChange={(e) => onChange({ country: e.target.value, region: '' })}
            >
              <option value="" disabled>
                —
              </option>
              <option value="*">{m.everywhereElse}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        {row.country !== '*' &&
          (regions.length > 0 ? (
            <EditorField label={m.region} error={issues[`${path}.region`]}>
              {(control) => (
                <select
                  {...control}
                  className="ed-input"
                  value={row.region}
                  onChange={(e) => onChange({ region: e.target.value })}
                >
                  <option value="">{m.regionWhole}</option>
                  {regions.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </EditorField>
          ) : (
            <EditorField label={m.region} hint={m.regionHint} error={issues[`${path}.region`]}>
              {(control) => (
                <input
                  {...control}
                  className="ed-input"
                  value={row.region}
                  maxLength={3}
                  onChange={(e) => onChange({ region: e.target.value.toUpperCase() })}
                />
              )}
            </EditorField>
          ))}
      </div>
      <div className="ed-tax__amount">
        <EditorField label={m.taxName} error={issues[`${path}.name`]}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={row.name}
              placeholder="VAT"
              onChange={(e) => onChange({ name: e.target.value })}
            />
          )}
        </EditorField>
        <EditorField label={m.rate} error={issues[`${path}.rate`]}>
          {(control) => (
            <input
              {...control}
              className="ed-input ed-tax__percent"
              inputMode="decimal"
              value={row.rate}
              placeholder="19"
              onChange={(e) => onChange({ rate: e.target.value })}
            />
          )}
        </EditorField>
      </div>
      <div className="ed-tax__switches">
        <label className="ed-check">
          <input
            type="checkbox"
            checked={row.included}
            onChange={(e) => onChange({ included: e.target.checked })}
          />
          {m.included}
        </label>
        <label className="ed-check">
          <input
            type="checkbox"
            checked={row.shipping}
            onChange={(e) => onChange({ shipping: e.target.checked })}
          />
          {m.taxShipping}
        </label>
        <button type="button" className="ed-button ed-button--ghost" onClick={onRemove}>
          {m.removeRate(place)}
        </button>
      </div>
    </fieldset>
  );
}
