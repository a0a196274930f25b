/**
 * Whether two form values hold the same data: plain objects and arrays compared by content, a
 * key whose value is undefined counted as absent (as the JSON sent to the server drops it).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const keysOf = (o: object) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
  const aKeys = keysOf(a);
  const bKeys = keysOf(b);
  const bRecord = b as Record<string, unknown>;
  const aRecord = a as Record<string, unknown>;
  return (
    aKeys.length === bKeys.length && aKeys.every((k) => k in bRecord && sameValue(aRecord[k], bRecord[k]))
  );
}
