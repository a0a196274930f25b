/**
 * CLDR date skeletons ("yMMMd", "EEEE", "hm") as Intl.DateTimeFormat options. ICU turns the
 * options back into a skeleton and picks the locale's best pattern, which is exactly what a
 * skeleton asks for.
 */

export interface SkeletonFields {
  options: Intl.DateTimeFormatOptions;
  hasDate: boolean;
  hasYmd: boolean;
  hasTime: boolean;
  /** Largest time field requested, in h > m > s order; undefined without time fields. */
  largestTime: 'h' | 'm' | 's' | undefined;
}

type TextWidth = 'narrow' | 'short' | 'long';

const textWidth = (n: number): TextWidth => (n >= 5 ? 'narrow' : n === 4 ? 'long' : 'short');

export const parseSkeleton = (skeleton: string): SkeletonFields => {
  const o: Intl.DateTimeFormatOptions = {};
  let hasDate = false;
  let hasYmd = false;
  let hasTime = false;
  let largestTime: SkeletonFields['largestTime'];
  const noteTime = (f: 'h' | 'm' | 's'): void => {
    hasTime = true;
    if (largestTime === undefined || 'hms'.indexOf(f) < 'hms'.indexOf(largestTime)) largestTime = f;
  };
  let i = 0;
  while (i < skeleton.length) {
    const ch = skeleton.charAt(i);
    let n = 1;
    while (skeleton.charAt(i + n) === ch) n++;
    i += n;
    switch (ch) {
      case 'G':
        o.era = textWidth(n === 4 ? 4 : n >= 5 ? 5 : 1);
        hasDate = true;
        break;
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric';
        hasDate = hasYmd = true;
        break;
      case 'M':
      case 'L':
        o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : textWidth(n);
        hasDate = hasYmd = true;
        break;
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric';
        hasDate = hasYmd = true;
        break;
      case 'E':
      case 'c':
      case 'e':
        o.weekday = textWidth(n <= 3 ? 1 : n);
        hasDate = true;
        break;
      case 'h':
      case 'K':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hour12 = true;
        noteTime('h');
        break;
      case 'H':
      case 'k':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h23';
        noteTime('h');
        break;
      case 'j':
      case 'J':
      case 'C':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        noteTime('h');
        break;
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric';
        noteTime('m');
        break;
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric';
        noteTime('s');
        break;
      case 'z':
        o.timeZoneName = n >= 4 ? 'long' : 'short';
        break;
      case 'v':
      case 'V':
        o.timeZoneName = n >= 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
      case 'Z':
      case 'x':
      case 'X':
        o.timeZoneName = n >= 4 ? 'longOffset' : 'shortOffset';
        break;
      default:
        // Day periods (a, b, B) follow from the hour cycle; other letters have no Intl field.
        break;
    }
  }
  return { options: o, hasDate, hasYmd, hasTime, largestTime };
};
