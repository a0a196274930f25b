import { z } from 'zod';

/**
 * The ss_cvr cookie: `id|firstVisit|previousVisit|currentVisit|visitCount`.
 * The spec fixes only "an id and four positive integers separated by bars";
 * the meaning of each integer is our design (see README).
 */
export interface VisitorRecord {
  id: string;
  /** Epoch ms of the first visit. */
  firstVisit: number;
  /** Epoch ms of the visit before the current one (equals firstVisit on the first visit). */
  previousVisit: number;
  /** Epoch ms the current visit started. */
  currentVisit: number;
  visitCount: number;
}

const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

const positiveSafeInteger = z
  .string()
  .regex(POSITIVE_INTEGER)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** Zod schema of the raw cookie string; yields a VisitorRecord. */
export const visitorRecordCookieSchema = z
  .string()
  .transform((raw, ctx) => {
    const parts = raw.split('|');
    if (parts.length !== 5) {
      ctx.addIssue({ code: 'custom', message: 'expected 5 bar-separated parts' });
      return z.NEVER;
    }
    return parts;
  })
  .pipe(
    z.tuple([
      z.string().regex(ID_PATTERN),
      positiveSafeInteger,
      positiveSafeInteger,
      positiveSafeInteger,
      positiveSafeInteger,
    ]),
  )
  .transform(
    ([id, firstVisit, previousVisit, currentVisit, visitCount]): VisitorRecord => ({
      id,
      firstVisit,
      previousVisit,
      currentVisit,
      visitCount,
    }),
  )
  .refine(
    (r) => r.firstVisit <= r.previousVisit && r.previousVisit <= r.currentVisit,
    'visit timestamps out of order',
  );

/** Strict parse: anything off-format yields undefined so the caller replaces it. */
export function parseVisitorRecord(raw: string | undefined): VisitorRecord | undefined {
  if (raw === undefined) return undefined;
  const result = visitorRecordCookieSchema.safeParse(raw);
  return result.success ? result.data : undefined;
}

export function formatVisitorRecord(record: VisitorRecord): string {
  return [record.id, record.firstVisit, record.previousVisit, record.currentVisit, record.visitCount].join('|');
}

/** The ss_cvt cookie: a positive integer timestamp (epoch ms of the last page view). */
export function parseVisitTimer(raw: string | undefined): number | undefined {
  if (raw === undefined || !POSITIVE_INTEGER.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}
