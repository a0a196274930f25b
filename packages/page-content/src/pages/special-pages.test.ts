import { describe, expect, it } from 'vitest';
import { COVER_PAGE_TEMPLATE } from './cover-page';
import { SLIDE_NAMES, SPECIAL_PAGE_KINDS } from './special-pages';

describe('special page kinds and slide names (platform.md §3)', () => {
  it('names the four slides, the sso-screen among them, in the order of their kind codes', () => {
    expect(SLIDE_NAMES).toEqual(['cover-page', 'lock-screen', 'popup-overlay', 'sso-screen']);
    expect(SLIDE_NAMES.map((name) => SPECIAL_PAGE_KINDS[name])).toEqual([1, 2, 3, 4]);
  });

  it('draws a cover page with the cover-page slide', () => {
    expect(SPECIAL_PAGE_KINDS[COVER_PAGE_TEMPLATE]).toBe(1);
  });
});
