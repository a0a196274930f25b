/** A date and time as the list shows it, in the site's time zone. */
export function formatWhen(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const HOUR = 3600_000;

/** A new event starts on the next whole hour a day from now and lasts two hours, so it is valid at once. */
export function defaultEventTimes(now: Date): { startDate: string; endDate: string } {
  const start = Math.ceil((now.getTime() + 24 * HOUR) / HOUR) * HOUR;
  return { startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * HOUR).toISOString() };
}
