/**
 * Search engines cut titles near 60 characters and descriptions near 160; social cards show
 * about 70 and 110 (measured in pixels there, so these are close, not exact). Previews cut alike.
 */
export const PREVIEW_LIMITS = {
  searchTitle: 60,
  searchDescription: 160,
  cardTitle: 70,
  cardDescription: 110,
} as const;

/** Text as a preview shows it: at most `max` characters, the cut marked with an ellipsis. */
export const cutForPreview = (text: string, max: number): string => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
};
