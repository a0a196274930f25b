import { z } from 'zod';

/**
 * When the business is open, set by the owner in Settings › Site: shown by themes that print
 * opening hours (Bistro's "Visit us") and given to search engines as the home page's
 * openingHoursSpecification. Not set, themes leave the hours out rather than print made-up ones.
 */
export const BUSINESS_HOURS_API = '/api/editor/site/hours' as const;

/** Monday first, as ISO 8601 and schema.org's day list run. */
export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const businessHoursMessages = {
  timeInvalid: 'Enter a time such as 09:00 or 17:30.',
  sameTimes: 'The opening and closing times must differ.',
  everyDay: 'Give the hours of each day of the week, Monday to Sunday.',
} as const;

const clock = z
  .string({ error: businessHoursMessages.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, businessHoursMessages.timeInvalid);

/** One day: closed, or open from `opens` to `closes` (a closing time earlier than opening runs past midnight). */
export const dayHoursSchema = z
  .object({ closed: z.boolean(), opens: clock, closes: clock })
  .strict()
  .refine((d) => d.closed || d.opens !== d.closes, {
    message: businessHoursMessages.sameTimes,
    path: ['closes'],
  });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** null: the owner has not given hours (or took them away). */
export const businessHoursSchema = z
  .object({
    hours: z.array(dayHoursSchema).length(7, businessHoursMessages.everyDay).nullable(),
  })
  .strict();
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** What a new form starts from: weekdays 09:00–17:00, the weekend closed. */
export const DEFAULT_WEEK: DayHours[] = WEEK_DAYS.map((day) => ({
  closed: day === 'saturday' || day === 'sunday',
  opens: '09:00',
  closes: '17:00',
}));

/** The stored week, or null when none was set or it no longer reads as one. */
export function storedBusinessHours(settings: Record<string, unknown> | undefined): DayHours[] | null {
  const parsed = businessHoursSchema.safeParse({ hours: settings?.businessHours ?? null });
  return parsed.success ? parsed.data.hours : null;
}

/** A row as a theme prints it: a run of days with the same hours ("Tuesday – Thursday", "5:30 PM – 10:00 PM"). */
export interface HoursRow {
  days: string;
  closed: boolean;
  hours: string;
}

const sameHours = (a: DayHours, b: DayHours) =>
  a.closed === b.closed && (a.closed || (a.opens === b.opens && a.closes === b.closes));

/**
 * The week as rows, consecutive days with the same hours joined, day names and times in the
 * site's locale (en-US reads "5:30 PM", en-GB "17:30").
 */
export function hoursRows(week: DayHours[], locale: string): HoursRow[] {
  // 2024-01-01 was a Monday; noon UTC keeps every time zone on the same date.
  const dayName = (i: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, 1 + i, 12),
    );
  // Where the clock runs to 23 the hour keeps its leading zero (09:00); "9:00 AM" elsewhere.
  const twentyFour =
    new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle === 'h23';
  const time = new Intl.DateTimeFormat(locale, {
    hour: twentyFour ? '2-digit' : 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const at = (hhmm: string) =>
    time.format(Date.UTC(2024, 0, 1, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3))));
  const rows: HoursRow[] = [];
  for (let start = 0; start < week.length;) {
    let end = start;
    while (end + 1 < week.length && sameHours(week[end + 1]!, week[start]!)) end++;
    const day = week[start]!;
    rows.push({
      days: start === end ? dayName(start) : `${dayName(start)} – ${dayName(end)}`,
      closed: day.closed,
      hours: day.closed ? '' : `${at(day.opens)} – ${at(day.closes)}`,
    });
    start = end + 1;
  }
  return rows;
}

/** The site's stored hours as the rows themes print (storefront and editor preview alike), or undefined. */
export function businessHoursRows(settings: Record<string, unknown> | undefined, locale: string) {
  const week = storedBusinessHours(settings);
  return week ? hoursRows(week, locale) : undefined;
}

/** schema.org OpeningHoursSpecification entries: one per run of open days. */
export function openingHoursSpecification(week: DayHours[]) {
  const specs: {
    '@type': 'OpeningHoursSpecification';
    dayOfWeek: string[];
    opens: string;
    closes: string;
  }[] = [];
  week.forEach((day, i) => {
    if (day.closed) return;
    const name = WEEK_DAYS[i]!;
    const dayOfWeek = `https://schema.org/${name[0]!.toUpperCase()}${name.slice(1)}`;
    const last = specs.at(-1);
    const previous = week[i - 1];
    if (last && previous && sameHours(previous, day)) last.dayOfWeek.push(dayOfWeek);
    else
      specs.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [dayOfWeek],
        opens: day.opens,
        closes: day.closes,
      });
  });
  return specs;
}
