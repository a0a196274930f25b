/**
 * Date-time inputs show the site's wall-clock time (its time zone, not the owner's computer):
 * an event at 18:00 in New York reads 18:00 wherever the owner edits it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

function offsetMs(utcMs: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(utcMs / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value (YYYY-MM-DDTHH:mm) in the zone. */
export function toZonedInput(iso: string, timeZone: string): string {
  const utc = Date.parse(iso);
  const wall = new Date(utc + offsetMs(utc, timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * A `datetime-local` value read in the zone, as an ISO instant; undefined when it is not a
 * date-time. A wall time skipped by a clock change reads as the same time under the earlier offset.
 */
export function fromZonedInput(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return undefined;
  let utc = wall - offsetMs(wall, timeZone);
  // Near a clock change the offset at the guess can differ from the offset at the answer.
  utc = wall - offsetMs(utc, timeZone);
  return new Date(utc).toISOString();
}
