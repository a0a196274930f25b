import {
  isSiteLanguage,
  primaryLanguage,
  SITE_LANGUAGE_CODES,
  SITE_LANGUAGES,
  type MultilingualSettings,
  type SiteLanguage,
} from '@site/page-content';

/** How a site keeps its languages: `websites.settings.multilingual`. */
export interface StoredMultilingual {
  languages?: unknown;
}

/** The languages a site added beside its own (none when multilingual is disconnected). */
export function siteLanguages(settings: Record<string, unknown>): SiteLanguage[] {
  const stored = (settings.multilingual as StoredMultilingual | undefined)?.languages;
  return Array.isArray(stored) ? stored.filter(isSiteLanguage) : [];
}

export function multilingualSettings(website: {
  locale: string;
  settings: Record<string, unknown>;
}): MultilingualSettings {
  const primary = primaryLanguage(website.locale);
  return {
    primaryLanguage: primary,
    languages: siteLanguages(website.settings).filter((l) => l !== primary),
    available: SITE_LANGUAGE_CODES.filter((code) => code !== primary).map((code) => ({
      code,
      name: SITE_LANGUAGES[code],
    })),
  };
}
