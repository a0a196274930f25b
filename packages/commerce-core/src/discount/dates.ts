/**
 * A discount's dates are days in the site's time zone: it starts at that day's first moment there
 * and ends after its last, whatever the shopper's clock or daylight saving says.
 */
export function dayInZone(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD, which compare correctly as strings.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export type DiscountWindow = 'not-yet-valid' | 'open' | 'expired';

export function discountWindow(
  dates: { startsOn: string | null; endsOn: string | null },
  today: string,
): DiscountWindow {
  if (dates.startsOn !== null && today < dates.startsOn) return 'not-yet-valid';
  if (dates.endsOn !== null && today > dates.endsOn) return 'expired';
  return 'open';
}
