import { describe, expect, it } from 'vitest';
import type { PageRow } from '../site/site-data';
import { translatedPages } from './languages';

const page = (id: string, title: string, french?: string) =>
  ({
    id,
    title,
    description: '',
    context: french ? { translations: { fr: { title: french } }, heading: 'kept' } : {},
  }) as unknown as PageRow;

const sitePages = () => [page('a', 'About', 'À propos'), page('b', 'Shop')];

describe('translatedPages', () => {
  it.each([
    ['the site language', undefined, ['About', 'Shop']],
    ['a language the page is translated into', 'fr' as const, ['À propos', 'Shop']],
    ['a language without translations: the page’s own title', 'de' as const, ['About', 'Shop']],
  ])('%s', (_, language, titles) => {
    for (const pages of [sitePages(), Object.freeze(sitePages())]) {
      const { list, byId } = translatedPages(pages, language);
      expect(list.map((p) => p.title)).toEqual(titles);
      expect(list.every((p) => !('translations' in p.context) && byId.get(p.id) === p)).toBe(true);
      expect(list.find((p) => p.id === 'a')!.context).toEqual(
        'heading' in (pages[0]!.context as object) ? { heading: 'kept' } : {},
      );
    }
  });

  it('translates a frozen list (a snapshot’s) once per language, and freezes the answer', () => {
    const pages = Object.freeze(sitePages());
    const english = translatedPages(pages, undefined);
    expect(translatedPages(pages, undefined)).toBe(english);
    const french = translatedPages(pages, 'fr');
    expect(french).not.toBe(english);
    expect(translatedPages(pages, 'fr')).toBe(french);
    expect(Object.isFrozen(french.list) && french.list.every((p) => Object.isFrozen(p))).toBe(true);
    expect(() => {
      (french.list[0] as { title: string }).title = 'Changed';
    }).toThrow(TypeError);
  });

  it('translates a list that may still change on every call', () => {
    const pages = sitePages();
    const first = translatedPages(pages, 'fr');
    (pages[0] as { title: string }).title = 'About us';
    pages[0]!.context = { translations: { fr: { title: 'Qui sommes-nous' } } };
    const second = translatedPages(pages, 'fr');
    expect(second).not.toBe(first);
    expect(second.list[0]!.title).toBe('Qui sommes-nous');
    expect(Object.isFrozen(second.list)).toBe(false);
  });
});
