import { z } from 'zod';

/** Longest range a dashboard may ask for: a year and a bit, so "last year vs. today" fits. */
export const MAX_RANGE_DAYS = 400;
/** Beacons of a closing day may still be in flight (page hide, recorder batching) this long. */
export const LIVE_GRACE_MS = 15 * 60 * 1000;
const DAY_MS = 86_400_000;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'not a calendar date',
  );

// Making an Intl.DateTimeFormat costs more than a report's day arithmetic. One is kept per zone
// under its canonical name only, so the map is bounded by the IANA list whatever visitors send.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(tz: string): Intl.DateTimeFormat {
  const kept = zoneFormats.get(tz);
  if (kept) return kept;
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  if (format.resolvedOptions().timeZone === tz) zoneFormats.set(tz, format);
  return format;
}

/** The zone's canonical IANA name ('europe/paris' → 'Europe/Paris'), or undefined when unknown. */
function canonicalTimeZone(tz: string): string | undefined {
  try {
    return dayFormat(tz).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const AnalyticsQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    // Canonical, so one zone spelled two ways shares its rollups.
    tz: z
      .string()
      .max(64)
      .transform((tz, ctx) => {
        const canonical = canonicalTimeZone(tz);
        if (!canonical) ctx.addIssue({ code: 'custom', message: 'unknown time zone' });
        return canonical ?? z.NEVER;
      }),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < MAX_RANGE_DAYS, {
    message: `at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** Calendar days are handled as UTC midnights: plain day arithmetic, no zone involved. */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => dayOf(dayNumber(day) + n);

/** The calendar day an instant falls on in a zone. */
export function localDay(instant: Date, tz: string): string {
  return dayFormat(tz).format(instant);
}

export interface RangePlan {
  /** Days [from, liveFrom) are closed: read from rollups. */
  liveFrom: string;
  /** Months wholly inside the closed part: read from month rollups instead of their days. */
  months: string[];
  /** Weeks (Monday to Sunday) wholly inside the closed part and outside those months. */
  weeks: string[];
  /** The closed days in neither: [first, after last) spans, at most six days each side. */
  days: [string, string][];
}

/**
 * Splits a range into closed days (rolled up once, then read) and live ones (today and later),
 * and covers the closed part with as few rollup rows as possible: whole months, then whole weeks,
 * then single days. A year is 11 or 12 month rows and a few weeks and days, not 365 day rows.
 */
export function planRange({ from, to, tz }: AnalyticsQuery, now: Date): RangePlan {
  const open = localDay(new Date(now.getTime() - LIVE_GRACE_MS), tz);
  const end = addDays(to, 1);
  const liveFrom = open < from ? from : open < end ? open : end;
  const months: string[] = [];
  for (let m = `${from.slice(0, 7)}-01`; m < liveFrom; m = nextMonth(m)) {
    if (m >= from && nextMonth(m) <= liveFrom) months.push(m);
  }
  const around: [string, string][] =
    months.length === 0
      ? [[from, liveFrom]]
      : [
          [from, months[0]!],
          [nextMonth(months[months.length - 1]!), liveFrom],
        ];
  const weeks: string[] = [];
  const days: [string, string][] = [];
  for (const [a, b] of around) {
    const spanWeeks: string[] = [];
    for (let w = addDays(a, (8 - isoWeekday(a)) % 7); addDays(w, 7) <= b; w = addDays(w, 7))
      spanWeeks.push(w);
    weeks.push(...spanWeeks);
    const spanDays: [string, string][] =
      spanWeeks.length === 0
        ? [[a, b]]
        : [
            [a, spanWeeks[0]!],
            [addDays(spanWeeks[spanWeeks.length - 1]!, 7), b],
          ];
    days.push(...spanDays.filter(([x, y]) => x < y));
  }
  return { liveFrom, months, weeks, days };
}

/** 1 (Monday) to 7 (Sunday). */
const isoWeekday = (day: string): number => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export function nextMonth(monthStart: string): string {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

export function daysBetween(from: string, toExclusive: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n < dayNumber(toExclusive); n++) days.push(dayOf(n));
  return days;
}
