/**
 * The built-in formatters and predicates of the template language that are not about commerce,
 * split by domain. The commerce plugin registers the storefront ones.
 */
import { markContextFree } from '../context-free';
import type { Formatter, Predicate, TemplatePlugin } from '../types';
import { colorFormatters } from './colors/colors';
import { comparisonPredicates } from './comparisons/comparisons';
import { itemFormatters, itemPredicates } from './content/items';
import { applyFormatters } from './data/apply';
import { numberFormatters } from './data/numbers';
import { selectFormatters } from './data/select';
import { eventFormatters, eventPredicates } from './dates/events';
import { strftimeFormatters } from './dates/strftime';
import { galleryPredicates } from './gallery/gallery';
import { escapingFormatters } from './html/escaping';
import { datetimeFormatters } from './i18n/datetime';
import { legacyFormatters, legacyPredicates } from './i18n/legacy';
import { messageFormatters } from './i18n/message';
import { numberI18nFormatters } from './i18n/numbers';
import { relativeTimeFormatters } from './i18n/relative-time';
import { imageFormatters } from './images/images';
import { sizeFormatters } from './images/sizes';
import { mediaFormatters } from './media/media';
import { socialFormatters, socialPredicates } from './social/social';
import { formatFormatters } from './text/format';
import { textFormatters } from './text/strings';

export const coreFormatters: Readonly<Record<string, Formatter>> = {
  ...applyFormatters,
  ...colorFormatters,
  ...datetimeFormatters,
  ...escapingFormatters,
  ...eventFormatters,
  ...formatFormatters,
  ...imageFormatters,
  ...itemFormatters,
  ...legacyFormatters,
  ...mediaFormatters,
  ...messageFormatters,
  ...numberFormatters,
  ...numberI18nFormatters,
  ...relativeTimeFormatters,
  ...selectFormatters,
  ...sizeFormatters,
  ...socialFormatters,
  ...strftimeFormatters,
  ...textFormatters,
};
markContextFree(coreFormatters);

export const corePredicates: Readonly<Record<string, Predicate>> = {
  ...comparisonPredicates,
  ...eventPredicates,
  ...galleryPredicates,
  ...itemPredicates,
  ...legacyPredicates,
  ...socialPredicates,
};

export const corePlugin: TemplatePlugin = { formatters: coreFormatters, predicates: corePredicates };

export { coreMessages } from './messages';
