/**
 * The two product states `item-classes` marks (spec §4). The commerce plugin owns the storefront
 * predicates; these read the same rules for the class list only.
 */
import { asNumber, getPath, isTruthy } from '../values';
import { PRODUCT_TYPE } from './enums';

const productType = (item: unknown): number => asNumber(getPath(item, 'structuredContent.productType'));
const variantsOf = (item: unknown): unknown[] => {
  const v = getPath(item, 'structuredContent.variants');
  return Array.isArray(v) ? v : [];
};

/** Any variant on sale (physical, service), or the digital product flagged on sale. */
export const isOnSale = (item: unknown): boolean => {
  const type = productType(item);
  if (type === PRODUCT_TYPE.physical || type === PRODUCT_TYPE.service) {
    return variantsOf(item).some((v) => isTruthy(getPath(v, 'onSale')));
  }
  return type === PRODUCT_TYPE.digital && isTruthy(getPath(item, 'structuredContent.onSale'));
};

/** A physical or service product whose every variant is limited and out of stock. */
export const isSoldOut = (item: unknown): boolean => {
  const type = productType(item);
  if (type !== PRODUCT_TYPE.physical && type !== PRODUCT_TYPE.service) return false;
  return variantsOf(item).every(
    (v) => !isTruthy(getPath(v, 'unlimited')) && asNumber(getPath(v, 'qtyInStock')) <= 0,
  );
};
