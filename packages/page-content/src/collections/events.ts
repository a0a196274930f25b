import type { EventLocation, ShowPastOrUpcoming } from './collection-items';

export interface TimedEvent {
  startDate: number;
  endDate: number;
}

/**
 * Events of a page per its showPastOrUpcomingEvents (platform.md §3): an event is upcoming until it
 * has ended; upcoming ones soonest first, past ones latest first.
 */
export function splitEvents<E extends TimedEvent>(
  events: readonly E[],
  now: number,
  show: ShowPastOrUpcoming,
) {
  const upcoming = events.filter((e) => e.endDate >= now).sort((a, b) => a.startDate - b.startDate);
  const past = events.filter((e) => e.endDate < now).sort((a, b) => b.startDate - a.startDate);
  return { upcoming: show === 'past' ? [] : upcoming, past: show === 'upcoming' ? [] : past };
}

/** When the split changes next: the earliest end of an upcoming event (a cached list is stale then). */
export function nextEventChange(events: readonly TimedEvent[], now: number): number | undefined {
  const ends = events.filter((e) => e.endDate >= now).map((e) => e.endDate + 1);
  return ends.length ? Math.min(...ends) : undefined;
}

/** The comma-joined address of the calendar link (platform.md §7), also the ICS LOCATION. */
export function eventAddress(location: Partial<EventLocation> | undefined): string {
  if (!location) return '';
  return [location.addressTitle, location.addressLine1, location.addressLine2, location.addressCountry]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values.
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets fold, continuing with a space; UTF-8 characters are never split. */
const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;

function fold(line: string): string {
  if (bytes(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes(current + char) > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface CalendarEvent extends TimedEvent {
  id: string;
  title: string;
  description?: string;
  location?: Partial<EventLocation>;
  url?: string;
}

/** A one-event iCalendar file (RFC 5545) for the "Add to calendar" download, in UTC. */
export function eventIcs(event: CalendarEvent, host: string, now: number): string {
  const address = eventAddress(event.location);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Site builder//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.startDate)}`,
    `DTEND:${stamp(event.endDate)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(address ? [`LOCATION:${icsText(address)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
