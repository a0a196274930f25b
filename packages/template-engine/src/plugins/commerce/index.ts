/**
 * Commerce formatters and predicates. Each is a thin layer: the rule comes from
 * @site/commerce-core, the markup is written here.
 */
import type { TemplatePlugin } from '../types';
import { cartFormatters } from './cart';
import { moneyFormatters } from './money';
import { commercePredicates } from './predicates';
import { priceFormatters } from './price';
import { productFormatters } from './product';

export const commercePlugin: TemplatePlugin = {
  formatters: { ...moneyFormatters, ...priceFormatters, ...productFormatters, ...cartFormatters },
  predicates: commercePredicates,
};
