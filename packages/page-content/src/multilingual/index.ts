import { z } from 'zod';
import { isStorableText, STORABLE_TEXT_MESSAGE } from '../text';

/**
 * Languages a site can add (platform.md §3 "multilingual languages payload", §7 the multilingual
 * calls). Each has the storefront's localized strings (§3), so a translated page never mixes in
 * English button texts. English is the site language unless the site's locale says otherwise.
 */
export const SITE_LANGUAGES = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
} as const;
export type SiteLanguage = keyof typeof SITE_LANGUAGES;
export const SITE_LANGUAGE_CODES = Object.keys(SITE_LANGUAGES) as SiteLanguage[];

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SITE_LANGUAGES, value);
}

/** A site's own language from its locale ("fr-CA" → fr); one we have no strings for reads as English. */
export function primaryLanguage(locale: string): SiteLanguage {
  const code = locale.split('-')[0]!.toLowerCase();
  return isSiteLanguage(code) ? code : 'en';
}

/** The §3 localized strings, by language (the likert keys are the ones @site/forms reads). */
export const LOCALIZED_STOREFRONT_STRINGS: Record<SiteLanguage, Record<string, string>> = {
  en: {
    productAddToCartText: 'Add To Cart',
    productSubscribeText: 'Subscribe',
    productQuantityInputLabel: 'Quantity',
    productSoldOutText: 'sold out',
    productSaleText: 'sale',
    productQuickViewText: 'Quick View',
    productVariantSelectText: 'Select {variantName}',
    giftCardValueDisplayText: 'Value',
    giftCardVariantSelectText: 'Select Value',
    productSummaryFormNoAnswerText: 'N/A',
    productAnswerMapStronglyDisagree: 'Strongly Disagree',
    productAnswerMapDisagree: 'Disagree',
    productAnswerMapNeutral: 'Neutral',
    productAnswerMapAgree: 'Agree',
    productAnswerMapStronglyAgree: 'Strongly Agree',
  },
  fr: {
    productAddToCartText: 'Ajouter au panier',
    productSubscribeText: "S'abonner",
    productQuantityInputLabel: 'Quantité',
    productSoldOutText: 'épuisé',
    productSaleText: 'soldes',
    productQuickViewText: 'Aperçu rapide',
    productVariantSelectText: 'Choisir {variantName}',
    giftCardValueDisplayText: 'Valeur',
    giftCardVariantSelectText: 'Choisir une valeur',
    productSummaryFormNoAnswerText: 'N/A',
    productAnswerMapStronglyDisagree: 'Pas du tout d’accord',
    productAnswerMapDisagree: 'Pas d’accord',
    productAnswerMapNeutral: 'Neutre',
    productAnswerMapAgree: 'D’accord',
    productAnswerMapStronglyAgree: 'Tout à fait d’accord',
  },
  de: {
    productAddToCartText: 'In den Warenkorb',
    productSubscribeText: 'Abonnieren',
    productQuantityInputLabel: 'Menge',
    productSoldOutText: 'ausverkauft',
    productSaleText: 'Angebot',
    productQuickViewText: 'Schnellansicht',
    productVariantSelectText: '{variantName} wählen',
    giftCardValueDisplayText: 'Wert',
    giftCardVariantSelectText: 'Wert wählen',
    productSummaryFormNoAnswerText: 'k. A.',
    productAnswerMapStronglyDisagree: 'Stimme überhaupt nicht zu',
    productAnswerMapDisagree: 'Stimme nicht zu',
    productAnswerMapNeutral: 'Neutral',
    productAnswerMapAgree: 'Stimme zu',
    productAnswerMapStronglyAgree: 'Stimme voll zu',
  },
  es: {
    productAddToCartText: 'Añadir al carrito',
    productSubscribeText: 'Suscribirse',
    productQuantityInputLabel: 'Cantidad',
    productSoldOutText: 'agotado',
    productSaleText: 'oferta',
    productQuickViewText: 'Vista rápida',
    productVariantSelectText: 'Seleccionar {variantName}',
    giftCardValueDisplayText: 'Valor',
    giftCardVariantSelectText: 'Seleccionar valor',
    productSummaryFormNoAnswerText: 'N/D',
    productAnswerMapStronglyDisagree: 'Totalmente en desacuerdo',
    productAnswerMapDisagree: 'En desacuerdo',
    productAnswerMapNeutral: 'Neutral',
    productAnswerMapAgree: 'De acuerdo',
    productAnswerMapStronglyAgree: 'Totalmente de acuerdo',
  },
  it: {
    productAddToCartText: 'Aggiungi al carrello',
    productSubscribeText: 'Abbonati',
    productQuantityInputLabel: 'Quantità',
    productSoldOutText: 'esaurito',
    productSaleText: 'saldi',
    productQuickViewText: 'Anteprima',
    productVariantSelectText: 'Seleziona {variantName}',
    giftCardValueDisplayText: 'Valore',
    giftCardVariantSelectText: 'Seleziona valore',
    productSummaryFormNoAnswerText: 'N/D',
    productAnswerMapStronglyDisagree: 'Per niente d’accordo',
    productAnswerMapDisagree: 'In disaccordo',
    productAnswerMapNeutral: 'Neutrale',
    productAnswerMapAgree: 'D’accordo',
    productAnswerMapStronglyAgree: 'Completamente d’accordo',
  },
  pt: {
    productAddToCartText: 'Adicionar ao carrinho',
    productSubscribeText: 'Assinar',
    productQuantityInputLabel: 'Quantidade',
    productSoldOutText: 'esgotado',
    productSaleText: 'promoção',
    productQuickViewText: 'Visualização rápida',
    productVariantSelectText: 'Selecionar {variantName}',
    giftCardValueDisplayText: 'Valor',
    giftCardVariantSelectText: 'Selecionar valor',
    productSummaryFormNoAnswerText: 'N/D',
    productAnswerMapStronglyDisagree: 'Discordo totalmente',
    productAnswerMapDisagree: 'Discordo',
    productAnswerMapNeutral: 'Neutro',
    productAnswerMapAgree: 'Concordo',
    productAnswerMapStronglyAgree: 'Concordo totalmente',
  },
  nl: {
    productAddToCartText: 'In winkelwagen',
    productSubscribeText: 'Abonneren',
    productQuantityInputLabel: 'Aantal',
    productSoldOutText: 'uitverkocht',
    productSaleText: 'aanbieding',
    productQuickViewText: 'Snel bekijken',
    productVariantSelectText: 'Kies {variantName}',
    giftCardValueDisplayText: 'Waarde',
    giftCardVariantSelectText: 'Kies een waarde',
    productSummaryFormNoAnswerText: 'n.v.t.',
    productAnswerMapStronglyDisagree: 'Helemaal oneens',
    productAnswerMapDisagree: 'Oneens',
    productAnswerMapNeutral: 'Neutraal',
    productAnswerMapAgree: 'Eens',
    productAnswerMapStronglyAgree: 'Helemaal eens',
  },
};

/** Most languages a site adds beside its own. */
export const MAX_SITE_LANGUAGES = 6;

export const multilingualMessages = {
  unknownLanguage: '{language} is not a language this site can add.',
  primaryLanguage: '{language} is already the site language.',
  tooManyLanguages: `A site can add at most ${MAX_SITE_LANGUAGES} languages.`,
  repeatedLanguage: '{language} is listed twice.',
} as const;

const fill = (message: string, language: unknown) => message.replace('{language}', String(language));

/** PUT /api/multilingual/languages: the languages the site adds beside its own. */
export const LanguagesPutSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    languages: z
      .array(
        z
          .string()
          .max(35)
          .refine(isSiteLanguage, {
            error: (issue) => fill(multilingualMessages.unknownLanguage, issue.input),
          }),
      )
      .max(MAX_SITE_LANGUAGES, { message: multilingualMessages.tooManyLanguages })
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((code, i) => {
          if (seen.has(code))
            ctx.addIssue({
              code: 'custom',
              message: fill(multilingualMessages.repeatedLanguage, code),
              path: [i],
            });
          seen.add(code);
        });
      }),
  }))();

const safe = (max: number) => z.string().trim().max(max).refine(isStorableText, STORABLE_TEXT_MESSAGE);

/** A translated product: its title and summary per added language (empty: the original shows). */
export const ProductTranslationsSchema = /* @__PURE__ */ (() =>
  z
    .record(
      z.string().refine(isSiteLanguage, {
        error: (issue) => fill(multilingualMessages.unknownLanguage, issue.input),
      }),
      z.strictObject({ title: safe(200).optional(), excerpt: safe(5000).optional() }),
    )
    .refine((r) => Object.keys(r).length <= SITE_LANGUAGE_CODES.length))();
export type ProductTranslations = z.infer<typeof ProductTranslationsSchema>;

/** A translated page: its title and description per added language. */
export const PageTranslationsSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    translations: z.record(
      z.string().refine(isSiteLanguage, {
        error: (issue) => fill(multilingualMessages.unknownLanguage, issue.input),
      }),
      z.strictObject({ title: safe(200).optional(), description: safe(1000).optional() }),
    ),
  }))();
export type PageTranslations = z.infer<typeof PageTranslationsSchema>['translations'];

/**
 * The language a visitor's path asks for: `/fr/shop` is the French `/shop` when the site added
 * French; every other path is in the site language. The prefix is a whole segment.
 */
export function splitLanguagePath(
  path: string,
  added: readonly string[],
): { language?: SiteLanguage; path: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  if (!match || !added.includes(match[1]!) || !isSiteLanguage(match[1])) return { path };
  return { language: match[1], path: match[2] && match[2] !== '/' ? match[2] : '/' };
}

/** A site path in a language: `/shop` in French is `/fr/shop`; the site language has no prefix. */
export function languagePath(path: string, language: SiteLanguage | undefined): string {
  if (!language || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The multilingual calls (platform.md §7). */
export const MULTILINGUAL_API = {
  settings: '/api/multilingual/settings',
  status: '/api/multilingual/status',
  languages: '/api/multilingual/languages',
  connection: '/api/multilingual/connection',
  pageTranslations: (pageId: string) => `/api/multilingual/pages/${encodeURIComponent(pageId)}/translations`,
} as const;

export interface MultilingualSettings {
  primaryLanguage: SiteLanguage;
  languages: SiteLanguage[];
  /** Every language the site may add, with its name. */
  available: { code: SiteLanguage; name: string }[];
}
