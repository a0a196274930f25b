import { describe, expect, it } from 'vitest';
import { siteSignUpSchema } from '../editor-api/sites-api';
import { changeThemeSchema, SITE_THEMES, THEME_PREVIEW_PAGES, themeMessages, themeSummaries } from './themes';

describe('site themes', () => {
  it('accepts a shipped theme and refuses anything else with the message', () => {
    expect(changeThemeSchema.parse({ theme: 'market' })).toEqual({ theme: 'market' });
    for (const theme of ['Market', '', 'market\u0000', 42, null, '../theme']) {
      const result = changeThemeSchema.safeParse({ theme });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(themeMessages.unknownTheme);
    }
    expect(changeThemeSchema.safeParse({ theme: 'market', extra: 1 }).success).toBe(false);
  });
  it('lets sign-up name a theme or leave it out', () => {
    const base = { email: 'a@b.co', password: 'x', title: 'T', slug: 's' };
    expect(siteSignUpSchema.parse(base).theme).toBeUndefined();
    expect(siteSignUpSchema.parse({ ...base, theme: 'market' }).theme).toBe('market');
    expect(siteSignUpSchema.safeParse({ ...base, theme: 'nope' }).success).toBe(false);
  });
  it('lists every theme with a preview of each page type at both widths', () => {
    const summaries = themeSummaries();
    expect(summaries.map((t) => t.id)).toEqual(SITE_THEMES.map((t) => t.id));
    for (const t of summaries) {
      expect(t.previews).toHaveLength(THEME_PREVIEW_PAGES.length * 2);
      expect(t.previews[0]!.url).toBe(`/assets/themes/${t.id}/previews/home-390.webp`);
    }
  });
});
