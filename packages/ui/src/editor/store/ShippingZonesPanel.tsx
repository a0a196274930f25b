import type { MoneyTextOptions } from '@site/commerce-core/admin';
import { EditorField, MoneyInput } from '../field';
import { countryName } from './places';
import {
  emptyBracket,
  emptyRate,
  emptyZone,
  type ShippingForm,
  type ShippingRateKind,
  type ShippingRateRow,
  type ShippingZoneRow,
} from './shipping-form';
import { taxShippingMessages as m } from './tax-shipping-messages';

export interface ShippingZonesPanelProps {
  form: ShippingForm;
  onChange: (form: ShippingForm) => void;
  /** The store currency and the owner's locale, for the amounts. */
  money: MoneyTextOptions;
  /** Messages keyed by the field's path ("shippingZones.0.rates.1.amountCents"). */
  issues?: Readonly<Record<string, string>>;
  disabled?: boolean;
}

const KINDS: ShippingRateKind[] = ['flat', 'weight', 'price', 'pickup'];

/** "Germany, Austria, US-CA" under a zone's codes, so the owner sees what the codes mean. */
function areaNames(areas: string, locale?: string): string {
  return areas
    .split(/[,;\s]+/)
    .map((a) => a.trim().toUpperCase())
    .filter(Boolean)
    .map((a) => (a === '*' ? m.everywhereElse : /^[A-Z]{2}$/.test(a) ? countryName(a, locale) : a))
    .join(', ');
}

/**
 * Shipping zones: each a group of countries, states or provinces with its own options: a flat
 * rate, a table by parcel weight or by order amount, each free above an amount if the owner
 * wishes, and local pickup with where and when to collect.
 */
export function ShippingZonesPanel({
  form,
  onChange,
  money,
  issues = {},
  disabled,
}: ShippingZonesPanelProps) {
  const setZone = (i: number, zone: ShippingZoneRow) =>
    onChange({ zones: form.zones.map((z, j) => (j === i ? zone : z)) });
  return (
    <fieldset className="ed-shipping" disabled={disabled}>
      {issues.shippingZones && (
        <p className="ed-field__error" role="alert">
          {issues.shippingZones}
        </p>
      )}
      {form.zones.length === 0 ? (
        <p className="ed-muted">{m.zonesEmpty}</p>
      ) : (
        form.zones.map((zone, i) => (
          <ZoneCard
            key={zone.key}
            zone={zone}
            path={`shippingZones.${i}`}
            issues={issues}
            money={money}
            onChange={(z) => setZone(i, z)}
            onRemove={() => onChange({ zones: form.zones.filter((_, j) => j !== i) })}
          />
        ))
      )}
      <div className="ed-row">
        <button
          type="button"
          className="ed-button"
          onClick={() => onChange({ zones: [...form.zones, emptyZone()] })}
        >
          {m.addZone}
        </button>
      </div>
    </fieldset>
  );
}

function ZoneCard({
  zone,
  path,
  issues,
  money,
  onChange,
  onRemove,
}: {
  zone: ShippingZoneRow;
  path: string;
  issues: Readonly<Record<string, string>>;
  money: MoneyTextOptions;
  onChange: (zone: ShippingZoneRow) => void;
  onRemove: () => void;
}) {
  const title = zone.name.trim() || '…';
  const setRate = (i: number, rate: ShippingRateRow) =>
    onChange({ ...zone, rates: zone.rates.map((r, j) => (j === i ? rate : r)) });
  const names = areaNames(zone.areas, money.locale);
  return (
    <section className="ed-card ed-shipping__zone" aria-label={m.zone(title)}>
      <div className="ed-form__grid">
        <EditorField label={m.zoneName} error={issues[`${path}.name`]}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={zone.name}
              placeholder="Europe"
              onChange={(e) => onChange({ ...zone, name: e.target.value })}
            />
          )}
        </EditorField>
        <EditorField
          label={m.zoneAreas}
          hint={names ? `${names}. ${m.zoneAreasHint}` : m.zoneAreasHint}
          error={issues[`${path}.areas`] ?? firstIssueUnder(issues, `${path}.areas.`)}
        >
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={zone.areas}
              placeholder="DE, AT, US-CA"
              autoCapitalize="characters"
              onChange={(e) => onChange({ ...zone, areas: e.target.value })}
            />
          )}
        </EditorField>
      </div>
      <h2 className="ed-subtitle">{m.options}</h2>
      {zone.rates.length === 0 ? (
        <p className="ed-muted">{m.optionsEmpty}</p>
      ) : (
        <ol className="ed-shipping__rates">
          {zone.rates.map((rate, i) => (
            <li key={rate.key}>
              <RateEditor
                rate={rate}
                path={`${path}.rates.${i}`}
                issues={issues}
                money={money}
                onChange={(r) => setRate(i, r)}
                onRemove={() => onChange({ ...zone, rates: zone.rates.filter((_, j) => j !== i) })}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="ed-row">
        {KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="ed-button"
            onClick={() => onChange({ ...zone, rates: [...zone.rates, emptyRate(kind)] })}
          >
            {m.addOption(m.kinds[kind])}
          </button>
        ))}
        <button type="button" className="ed-button ed-button--ghost" onClick={onRemove}>
          {m.removeZone(title)}
        </button>
      </div>
    </section>
  );
}

const firstIssueUnder = (issues: Readonly<Record<string, string>>, prefix: string) =>
  Object.entries(issues).find(([k]) => k.startsWith(prefix))?.[1];

function RateEditor({
  rate,
  path,
  issues,
  money,
  onChange,
  onRemove,
}: {
  rate: ShippingRateRow;
  path: string;
  issues: Readonly<Record<string, string>>;
  money: MoneyTextOptions;
  onChange: (rate: ShippingRateRow) => void;
  onRemove: () => void;
}) {
  const set = (patch: Partial<ShippingRateRow>) => onChange({ ...rate, ...patch });
  const title = rate.name.trim() || m.kinds[rate.kind];
  const table = rate.kind === 'weight' || rate.kind === 'price';
  const setBracket = (j: number, patch: Partial<ShippingRateRow['brackets'][number]>) =>
    set({ brackets: rate.brackets.map((b, k) => (k === j ? { ...b, ...patch } : b)) });
  return (
    <fieldset className="ed-shipping__rate" aria-label={title}>
      <div className="ed-form__grid">
        <EditorField label={m.optionKind}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={rate.kind}
              onChange={(e) => set({ kind: e.target.value as ShippingRateKind })}
            >
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {m.kinds[k]}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        <EditorField label={m.optionName} error={issues[`${path}.name`]}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={rate.name}
              placeholder={rate.kind === 'pickup' ? 'Pick up at the studio' : 'Standard'}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </EditorField>
        {(rate.kind === 'flat' || rate.kind === 'pickup') && (
          <MoneyInput
            label={m.amount}
            required={rate.kind === 'flat'}
            currency={money.currency}
            locale={money.locale}
            value={rate.amount}
            onChange={(amount) => set({ amount })}
            error={issues[`${path}.amountCents`]}
          />
        )}
        {rate.kind === 'weight' && (
          <EditorField label={m.maxWeight} hint={m.maxWeightHint} error={issues[`${path}.maxGrams`]}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                inputMode="numeric"
                value={rate.maxGrams}
                onChange={(e) => set({ maxGrams: e.target.value })}
              />
            )}
          </EditorField>
        )}
        {rate.kind !== 'pickup' && (
          <MoneyInput
            label={m.freeOver}
            hint={m.freeOverHint}
            currency={money.currency}
            locale={money.locale}
            value={rate.freeOver}
            onChange={(freeOver) => set({ freeOver })}
            error={issues[`${path}.freeOverCents`]}
          />
        )}
      </div>
      {rate.kind === 'pickup' && (
        <EditorField label={m.instructions} error={issues[`${path}.instructions`]}>
          {(control) => (
            <textarea
              {...control}
              className="ed-input"
              rows={2}
              value={rate.instructions}
              placeholder="12 Market St, Mon–Fri 10–18"
              onChange={(e) => set({ instructions: e.target.value })}
            />
          )}
        </EditorField>
      )}
      {table && (
        <div className="ed-shipping__table">
          {issues[`${path}.brackets`] && (
            <p className="ed-field__error" role="alert">
              {issues[`${path}.brackets`]}
            </p>
          )}
          {rate.brackets.map((b, j) => (
            <div key={b.key} className="ed-shipping__step" role="group" aria-label={m.step(j + 1)}>
              {rate.kind === 'weight' ? (
                <EditorField label={m.fromWeight} error={issues[`${path}.brackets.${j}.minGrams`]}>
                  {(control) => (
                    <input
                      {...control}
                      className="ed-input"
                      inputMode="numeric"
                      value={b.from}
                      onChange={(e) => setBracket(j, { from: e.target.value })}
                    />
                  )}
                </EditorField>
              ) : (
                <MoneyInput
                  label={m.fromAmount}
                  currency={money.currency}
                  locale={money.locale}
                  value={b.from}
                  onChange={(from) => setBracket(j, { from })}
                  error={issues[`${path}.brackets.${j}.minSubtotalCents`]}
                />
              )}
              <MoneyInput
                label={m.amount}
                required
                currency={money.currency}
                locale={money.locale}
                value={b.amount}
                onChange={(amount) => setBracket(j, { amount })}
                error={issues[`${path}.brackets.${j}.amountCents`]}
              />
              {rate.brackets.length > 1 && (
                <button
                  type="button"
                  className="ed-button ed-button--ghost"
                  onClick={() => set({ brackets: rate.brackets.filter((_, k) => k !== j) })}
                >
                  {m.removeBracket(j + 1)}
                </button>
              )}
            </div>
          ))}
          <div className="ed-row">
            <button
              type="button"
              className="ed-button"
              onClick={() => set({ brackets: [...rate.brackets, emptyBracket()] })}
            >
              {m.addBracket}
            </button>
          </div>
        </div>
      )}
      <div className="ed-row">
        <button type="button" className="ed-button ed-button--ghost" onClick={onRemove}>
          {m.removeOption(title)}
        </button>
      </div>
    </fieldset>
  );
}
