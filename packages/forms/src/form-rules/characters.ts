/**
 * Counts characters the way a visitor sees them: by Unicode code point, so an emoji or an accented
 * letter outside the Basic Multilingual Plane counts once. The counter and the maxLength rule share
 * this, so a text the counter shows as within the limit is never rejected.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
