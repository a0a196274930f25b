/**
 * Readers for page data that has not been through a schema. Templates hand the rules raw JSON in
 * which flags may be strings ("true") and numbers may be strings ("1"); parsing every product with
 * zod on each render would cost more than the render itself, so the rules read fields through these
 * forgiving helpers and the schemas are applied at the API and browser edges instead.
 */

export type Loose = unknown;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function field(v: unknown, key: string): unknown {
  return isRecord(v) ? v[key] : undefined;
}

/** A number from a number or numeric string; NaN for anything else. */
export function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return NaN;
}

/** Like `num`, but 0 where the value is missing or not numeric. */
export function numOr0(v: unknown): number {
  const n = num(v);
  return Number.isNaN(n) ? 0 : n;
}

/**
 * Truthiness as the template language defines it: false, 0, "", null, missing, empty arrays and
 * empty objects are false. The string "false" is true, as in the reference engines.
 */
export function flag(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (v === true) return true;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') {
    for (const _ in v) return true;
    return false;
  }
  return true;
}

export function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

export function list(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : EMPTY;
}

const EMPTY: readonly unknown[] = Object.freeze([]);
