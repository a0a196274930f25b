import { countCharacters } from '../form-rules/characters';

/**
 * The maximum a text area declares in its data attribute (storefront.md §5): parsed as an integer;
 * missing, non-numeric or negative means 0, and 0 means the text area gets no counter.
 */
export function parseCounterMax(attribute: string | null | undefined): number {
  const max = Number.parseInt(attribute ?? '', 10);
  return Number.isNaN(max) || max < 0 ? 0 : max;
}

export interface CharacterCount {
  count: number;
  max: number;
  /** "count / max", as shown under the text area. */
  label: string;
  /** True once the text is longer than the maximum; typing is never blocked, only flagged. */
  overLimit: boolean;
}

/** The counter for a text area's current text, or null when it should have none. */
export function characterCount(text: string, max: number): CharacterCount | null {
  if (max <= 0) return null;
  const count = countCharacters(text);
  return { count, max, label: `${count} / ${max}`, overLimit: count > max };
}
