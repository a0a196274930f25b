import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { COVER_POSITIONS, coverPageSchema, coverPageView } from './cover-page';

describe('cover page settings', () => {
  it('defaults to the page title, centred, with no button and no background', () => {
    expect(coverPageView('Welcome', undefined)).toEqual({
      headline: 'Welcome',
      text: '',
      button: undefined,
      image: undefined,
      position: 'center',
      row: 'middle',
      column: 'center',
    });
  });

  it.each([
    ['top-left', 'top', 'left'],
    ['top-center', 'top', 'center'],
    ['middle-right', 'middle', 'right'],
    ['center', 'middle', 'center'],
    ['bottom-right', 'bottom', 'right'],
  ] as const)('places %s content in row %s, column %s of the 3×3 grid', (position, row, column) => {
    expect(coverPageView('T', { position })).toMatchObject({ position, row, column });
  });

  it.each([
    [{ button: { label: 'Go', href: 'javascript:alert(1)' } }, messages.invalidLink],
    [{ button: { label: '  ', href: '/shop' } }, messages.coverButtonLabelRequired],
    [{ background: { source: 'upload', src: '' } }, messages.coverImageRequired],
    [{ background: { source: 'upload', src: 'data:image/png;base64,AA' } }, messages.invalidLink],
  ])('refuses %j with its message', (input, message) => {
    const parsed = coverPageSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses positions off the grid, background sources it cannot draw, NUL bytes and lone surrogates', () => {
    for (const input of [
      { position: 'middle' },
      { background: { source: 'instagram' } },
      { headline: 'a\u0000b' },
      { text: '\uD800' },
    ]) {
      expect(coverPageSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
    expect(COVER_POSITIONS).toHaveLength(9);
  });

  it('shows stored settings that no longer parse as the page title alone, whatever they are', () => {
    fc.assert(
      fc.property(fc.anything(), (stored) => {
        const view = coverPageView('Title', stored);
        expect(view.headline.length).toBeGreaterThan(0);
        expect(COVER_POSITIONS).toContain(view.position);
      }),
    );
  });
});
