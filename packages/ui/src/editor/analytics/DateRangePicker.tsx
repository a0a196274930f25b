import { useId, useState, type FormEvent } from 'react';
import { analyticsMessages as m } from './analytics-messages';
import type { DateRange, RangePreset } from './types';

const DAY_MS = 86_400_000;
const MAX_DAYS = 400;

/** The preset's days ending today: "last 7 days" is today and the six before. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DateRange {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (Number(preset) - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return { preset, from, to: today };
}

function validRange(from: string, to: string): boolean {
  if (!from || !to || from > to) return false;
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS < MAX_DAYS;
}

export interface DateRangePickerProps {
  value: DateRange;
  /** Today in the site's time zone, YYYY-MM-DD. */
  today: string;
  onChange: (range: DateRange) => void;
}

/** Presets (last 7, 30 or 90 days) or a custom pair of days, applied together. */
export function DateRangePicker({ value, today, onChange }: DateRangePickerProps) {
  const id = useId();
  const [custom, setCustom] = useState({ from: value.from, to: value.to });
  const [isCustom, setIsCustom] = useState(value.preset === 'custom');
  const invalid = isCustom && !validRange(custom.from, custom.to);

  const pick = (preset: RangePreset) => {
    if (preset === 'custom') {
      setIsCustom(true);
      setCustom({ from: value.from, to: value.to });
      return;
    }
    setIsCustom(false);
    onChange(presetRange(preset, today));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onChange({ preset: 'custom', ...custom });
  };

  return (
    <form className="ed-analytics__range" onSubmit={apply}>
      <label className="ed-field ed-field--inline">
        <span>{m.range}</span>
        <select
          className="ed-input"
          value={isCustom ? 'custom' : value.preset}
          onChange={(e) => pick(e.target.value as RangePreset)}
        >
          {(Object.keys(m.presets) as RangePreset[]).map((p) => (
            <option key={p} value={p}>
              {m.presets[p]}
            </option>
          ))}
        </select>
      </label>
      {isCustom && (
        <>
          <label className="ed-field ed-field--inline">
            <span>{m.from}</span>
            <input
              className="ed-input"
              type="date"
              value={custom.from}
              max={today}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
          </label>
          <label className="ed-field ed-field--inline">
            <span>{m.to}</span>
            <input
              className="ed-input"
              type="date"
              value={custom.to}
              max={today}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </label>
          <button type="submit" className="ed-button" disabled={invalid}>
            {m.apply}
          </button>
          {invalid && (
            <p id={`${id}-error`} className="ed-analytics__error">
              {m.invalidRange}
            </p>
          )}
        </>
      )}
    </form>
  );
}
