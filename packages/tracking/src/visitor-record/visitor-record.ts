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

/**
 * Zod view of the raw cookie string for the API; the browser path below is
 * hand-written so the storefront bundle does not need zod at runtime.
 */
export const visitorRecordCookieSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .refine((raw) => parseVisitorRecord(raw) !== undefined, 'malformed visitor record')
    .transform((raw) => parseVisitorRecord(raw) as VisitorRecord))();

function positiveInteger(raw: string): number | undefined {
  if (!POSITIVE_INTEGER.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Strict parse: anything off-format yields undefined so the caller replaces it. */
export function parseVisitorRecord(raw: string | undefined): VisitorRecord | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split('|');
  if (parts.length !== 5) return undefined;
  const [id, ...rest] = parts as [string, string, string, string, string];
  if (!ID_PATTERN.test(id)) return undefined;
  const numbers = rest.map(positiveInteger);
  if (numbers.some((n) => n === undefined)) return undefined;
  const [firstVisit, previousVisit, currentVisit, visitCount] = numbers as [number, number, number, number];
  if (firstVisit > previousVisit || previousVisit > currentVisit) return undefined;
  return { id, firstVisit, previousVisit, currentVisit, visitCount };
}

export function formatVisitorRecord(record: VisitorRecord): string {
  return [record.id, record.firstVisit, record.previousVisit, record.currentVisit, record.visitCount].join(
    '|',
  );
}

/** The ss_cvt cookie: a positive integer timestamp (epoch ms of the last page view). */
export function parseVisitTimer(raw: string | undefined): number | undefined {
  return raw === undefined ? undefined : positiveInteger(raw);
}
