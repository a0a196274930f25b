/**
 * Commerce formatters and predicates. Each is a thin layer: the rule comes from
 * @site/commerce-core, the markup is written here.
 */
import { markContextFree } from '../context-free';
import type { Formatter, TemplatePlugin } from '../types';
import { cartFormatters } from './cart';
import { moneyFormatters } from './money';
import { commercePredicates } from './predicates';
import { priceFormatters } from './price';
import { productFormatters } from './product';

const formatters: Readonly<Record<string, Formatter>> = {
  ...moneyFormatters,
  ...priceFormatters,
  ...productFormatters,
  ...cartFormatters,
};
markContextFree(formatters);

export const commercePlugin: TemplatePlugin = { formatters, predicates: commercePredicates };
