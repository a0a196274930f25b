import {
  languagePath,
  LOCALIZED_STOREFRONT_STRINGS,
  primaryLanguage,
  SITE_LANGUAGES,
  type SiteLanguage,
} from '@site/page-content';
import type { PageRow, WebsiteRow } from '../site/site-data';

type Translated = Record<string, { title?: string; excerpt?: string; description?: string }>;

/** A page as visitors of a language see it: its translated title and description, when it has them. */
export function translatePage(page: PageRow, language: SiteLanguage | undefined): PageRow {
  const { translations, ...context } = page.context as { translations?: Translated };
  const t = language ? translations?.[language] : undefined;
  return { ...page, context, title: t?.title || page.title, description: t?.description || page.description };
}

/** A site's pages in one language, with the same pages by id. */
export interface TranslatedPages {
  list: readonly PageRow[];
  byId: ReadonlyMap<string, PageRow>;
}

const translatedOf = new WeakMap<readonly PageRow[], Map<string, TranslatedPages>>();

/**
 * Every page of a site as visitors of `language` see them. A frozen list (a site snapshot's, which
 * never changes) is translated once per language and the answer kept as long as the list lives:
 * translating a big store's hundreds of collection pages on every uncached request cost more than
 * rendering the page. The answer is frozen so no render can change the next one's.
 */
export function translatedPages(
  pages: readonly PageRow[],
  language: SiteLanguage | undefined,
): TranslatedPages {
  const key = language ?? '';
  const held = Object.isFrozen(pages) ? translatedOf.get(pages)?.get(key) : undefined;
  if (held) return held;
  const list = pages.map((p) => translatePage(p, language));
  const answer: TranslatedPages = { list, byId: new Map(list.map((p) => [p.id, p])) };
  if (!Object.isFrozen(pages)) return answer;
  for (const page of list) Object.freeze(page);
  Object.freeze(list);
  const languages = translatedOf.get(pages) ?? new Map<string, TranslatedPages>();
  languages.set(key, Object.freeze(answer));
  translatedOf.set(pages, languages);
  return answer;
}

interface LinkedItem {
  title: string;
  excerpt?: string;
  fullUrl: string;
  translations?: Translated;
  merchandisingOverrides?: unknown;
}

/**
 * A product as templates of a language read it: translated fields and a prefixed link, without
 * the fields only the renderer reads.
 */
export function translateItem<T extends LinkedItem>(item: T, language: SiteLanguage | undefined): T {
  const { translations, merchandisingOverrides: _merchandising, ...rest } = item;
  if (!language) return rest as T;
  const t = translations?.[language];
  return {
    ...rest,
    title: t?.title || item.title,
    excerpt: t?.excerpt || item.excerpt,
    fullUrl: languagePath(item.fullUrl, language),
  } as T;
}

interface NavEntry {
  fullUrl: string;
  items: NavEntry[];
}

export function prefixNavigation<T extends NavEntry>(
  entries: readonly T[],
  language: SiteLanguage | undefined,
): T[] {
  if (!language) return [...entries];
  return entries.map((e) => ({
    ...e,
    fullUrl: languagePath(e.fullUrl, language),
    items: prefixNavigation(e.items, language),
  }));
}

/**
 * The language switcher and the `hreflang` alternates of a page (the site language has no path
 * prefix; each added language its own), and the §3 localized strings of the page's language.
 */
export function languageContext(
  website: WebsiteRow,
  added: readonly SiteLanguage[],
  language: SiteLanguage | undefined,
  path: string,
  origin: string,
) {
  const primary = primaryLanguage(website.locale);
  const current = language ?? primary;
  const strings = added.length > 0 || primary !== 'en' ? LOCALIZED_STOREFRONT_STRINGS[current] : {};
  if (added.length === 0)
    return { language: current, localizedStrings: strings, switcher: undefined, alternates: undefined };
  const all = [primary, ...added.filter((l) => l !== primary)];
  const urlOf = (code: SiteLanguage) => languagePath(path, code === primary ? undefined : code);
  return {
    language: current,
    localizedStrings: strings,
    switcher: all.map((code) => ({
      code,
      name: SITE_LANGUAGES[code],
      fullUrl: urlOf(code),
      current: code === current,
    })),
    alternates: [
      ...all.map((code) => ({ hreflang: code, href: `${origin}${urlOf(code)}` })),
      { hreflang: 'x-default', href: `${origin}${urlOf(primary)}` },
    ],
  };
}
