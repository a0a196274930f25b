import { DEFAULT_WEEK, WEEK_DAYS, type DayHours } from '@site/page-content';
import { useEffect, useId, useState } from 'react';
import { SaveFooter } from './SaveFooter';
import { SettingsPanel } from './SettingsPanel';

export interface BusinessHoursPanelProps {
  /** The stored week, null when the site shows no hours; undefined while it loads. */
  hours?: DayHours[] | null;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  isSaving?: boolean;
  /** The server's message per field, keyed by its path (`hours.2.opens`). */
  fieldErrors?: Record<string, string>;
  /** The server refused the save for a reason no field names. */
  error?: string;
  /** What the last save did. */
  done?: string;
  onSave: (hours: DayHours[] | null) => void;
}

export const businessHoursPanelMessages = {
  title: 'Opening hours',
  intro:
    'When customers can visit or call. Themes that show hours (Bistro’s “Visit us”) print them in your site’s language and clock, and search engines read them from your home page.',
  show: 'Show opening hours on my site',
  open: (day: string) => `Open on ${day}`,
  openLabel: 'Open',
  opens: (day: string) => `Opens on ${day}`,
  closes: (day: string) => `Closes on ${day}`,
  closedDay: 'Closed',
  pastMidnight: 'Closes after midnight',
  copyMonday: 'Use Monday’s hours for Tuesday to Friday',
  savedShown: 'Saved. Your site shows these hours.',
  savedHidden: 'Saved. Your site shows no opening hours.',
  loading: 'Loading the opening hours…',
} as const;
const m = businessHoursPanelMessages;

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The owner's week of opening hours on the Site settings screen, saved on its own. */
export function BusinessHoursPanel({
  hours,
  isLoading,
  loadError,
  onRetry,
  isSaving,
  fieldErrors = {},
  error,
  done,
  onSave,
}: BusinessHoursPanelProps) {
  const id = useId();
  const [shown, setShown] = useState(Boolean(hours));
  // A site without hours starts the form from a usual week, so turning them on is one click.
  const [week, setWeek] = useState<DayHours[]>(hours ?? DEFAULT_WEEK);
  useEffect(() => {
    setShown(Boolean(hours));
    setWeek(hours ?? DEFAULT_WEEK);
  }, [hours]);
  const change = (index: number, patch: Partial<DayHours>) =>
    setWeek((days) => days.map((day, i) => (i === index ? { ...day, ...patch } : day)));
  const unchanged = shown ? JSON.stringify(week) === JSON.stringify(hours) : hours === null;
  return (
    <SettingsPanel
      className="ed-business-hours"
      title={m.title}
      intro={<p className="ed-field__hint">{m.intro}</p>}
      loadingText={m.loading}
      isLoading={isLoading}
      loadError={loadError}
      onRetry={onRetry}
      onSubmit={() => onSave(shown ? week : null)}
    >
      {hours !== undefined && (
        <>
          <div className="ed-field ed-field--toggle">
            <input
              type="checkbox"
              id={`${id}-shown`}
              checked={shown}
              disabled={isSaving}
              onChange={(event) => setShown(event.target.checked)}
            />
            <label htmlFor={`${id}-shown`}>{m.show}</label>
          </div>
          {shown && (
            <fieldset className="ed-business-hours__week" disabled={isSaving}>
              <legend className="visually-hidden">{m.title}</legend>
              {WEEK_DAYS.map((key, i) => {
                const day = week[i]!;
                const name = DAY_NAMES[i]!;
                const opensError = fieldErrors[`hours.${i}.opens`];
                const closesError = fieldErrors[`hours.${i}.closes`];
                return (
                  <div
                    className="ed-business-hours__day"
                    key={key}
                    role="group"
                    aria-labelledby={`${id}-${key}`}
                  >
                    <span id={`${id}-${key}`} className="ed-business-hours__name">
                      {name}
                    </span>
                    <div className="ed-business-hours__open">
                      <input
                        type="checkbox"
                        id={`${id}-${key}-open`}
                        aria-label={m.open(name)}
                        checked={!day.closed}
                        onChange={(event) => change(i, { closed: !event.target.checked })}
                      />
                      <label htmlFor={`${id}-${key}-open`}>{m.openLabel}</label>
                    </div>
                    {day.closed ? (
                      <span className="ed-business-hours__closed">{m.closedDay}</span>
                    ) : (
                      <div className="ed-business-hours__times">
                        <input
                          type="time"
                          className="ed-input"
                          aria-label={m.opens(name)}
                          value={day.opens}
                          aria-invalid={Boolean(opensError)}
                          aria-describedby={opensError ? `${id}-${key}-opens-error` : undefined}
                          onChange={(event) => change(i, { opens: event.target.value })}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          className="ed-input"
                          aria-label={m.closes(name)}
                          value={day.closes}
                          aria-invalid={Boolean(closesError)}
                          aria-describedby={closesError ? `${id}-${key}-closes-error` : undefined}
                          onChange={(event) => change(i, { closes: event.target.value })}
                        />
                        {day.closes < day.opens && <span className="ed-field__hint">{m.pastMidnight}</span>}
                      </div>
                    )}
                    {opensError && (
                      <p id={`${id}-${key}-opens-error`} className="ed-field__error">
                        {opensError}
                      </p>
                    )}
                    {closesError && (
                      <p id={`${id}-${key}-closes-error`} className="ed-field__error">
                        {closesError}
                      </p>
                    )}
                  </div>
                );
              })}
              <button
                type="button"
                className="ed-button"
                onClick={() =>
                  setWeek((days) => days.map((day, i) => (i >= 1 && i <= 4 ? { ...days[0]! } : day)))
                }
              >
                {m.copyMonday}
              </button>
            </fieldset>
          )}
          <SaveFooter error={error} isSaving={isSaving} disabled={unchanged} done={done} />
        </>
      )}
    </SettingsPanel>
  );
}
