/**
 * Every user-facing string the core formatters and predicates produce, in one place so it can be
 * translated and audited (platform spec §5, §8, §9). Exported as `coreMessages` for the
 * package catalogue.
 */
export const coreMessages = {
  color: {
    hueOutOfBounds: 'Hue out of bounds.',
    saturationOutOfBounds: 'Saturation out of bounds.',
    lightnessOutOfBounds: 'Lightness out of bounds.',
    alphaOutOfBounds: 'Alpha out of bounds.',
    missingHsl: 'Missing an H/S/L value.',
  },
  size: {
    invalidSource: "Invalid source parameter. Pass in 'originalSize'",
  },
  timeSince: {
    invalidDate: 'Invalid date.',
    lessThanAMinute: 'less than a minute ago',
    /** "about a year ago", "about an hour ago", "about 3 days ago". */
    about: (count: number, unit: TimeSinceUnit): string =>
      `about ${count === 1 ? (unit === 'hour' ? 'an hour' : `a ${unit}`) : `${count} ${unit}s`} ago`,
  },
  comments: {
    /** "No Comments", "1 Comment", "N Comments". */
    count: (n: number): string => `${n === 0 ? 'No' : n} Comment${n === 1 ? '' : 's'}`,
    none: 'No',
    word: 'Comment',
    pluralSuffix: 's',
  },
  errors: {
    notImplemented: (name: string): string => `"${name}" formatter is not yet implemented`,
    julianDayOutOfRange: (instant: number): string =>
      `Julian day out of range: ${instant} is outside year 4713 BC to 8652 AD`,
    dateOutOfRange: (instant: number): string =>
      `Date out of range: ${instant} is outside the dates a JavaScript Date can hold (±8.64e15 ms)`,
    imageColorNotFound: (key: string): string => `"${key}" not found.`,
  },
} as const;

export type TimeSinceUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
